// Dates, times and durations in the window's language, through Intl.

/** Intl.DurationFormat is newer than TypeScript's DOM library. */
interface DurationFormat {
  format(duration: { days?: number; hours?: number; minutes?: number }): string;
}
const DurationFormat = (Intl as unknown as { DurationFormat: new (locale: string, options: { style: 'narrow' | 'short' | 'long' }) => DurationFormat })
  .DurationFormat;

// Making a DateTimeFormat costs far more than formatting with one, and a list formats a time per row.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(date: Date, language: string): string {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
    dateTimeFormats.set(language, format);
  }
  return format.format(date);
}

/** An uptime to the minute, its two largest units: "3d 4h", "3天4小时". */
export function formatDuration(seconds: number, language: string): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const duration = days > 0 ? { days, hours } : hours > 0 ? { hours, minutes } : { minutes };
  return new DurationFormat(language, { style: 'narrow' }).format(duration);
}
