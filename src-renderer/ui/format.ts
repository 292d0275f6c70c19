import { useMemo } from 'react';
import { useLanguageStore } from '../language/language-store.ts';

// Dates, times, numbers and durations in the app's language (Settings' choice), through Intl: never
// the system's locale, which may differ from the language the user picked. A view shows a moment
// through ui/Time.tsx, the one way a moment is written (test/lint/one-time-format.test.ts).

/** Intl.DurationFormat is newer than TypeScript's DOM library. */
interface DurationFormat {
  format(duration: { days?: number; hours?: number; minutes?: number }): string;
}
const DurationFormat = (Intl as unknown as { DurationFormat: new (locale: string, options: { style: 'narrow' | 'short' | 'long' }) => DurationFormat })
  .DurationFormat;

// Making a formatter costs far more than formatting with one, and a list formats a value per row.
const formats = new Map<string, unknown>();
function cached<F>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (format === undefined) formats.set(key, (format = make()));
  return format;
}

export const formatDateTime = (date: Date, language: string): string =>
  cached(`dateTime|${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' })).format(date);

/** A moment in a table of many (alerts): to the second, its year left out when it is this year's. */
export function formatDateTimeWithoutThisYear(date: Date, now: Date, language: string): string {
  if (date.getFullYear() !== now.getFullYear()) return formatDateTime(date, language);
  return cached(`dateTimeThisYear|${language}`, () => new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' })).format(date);
}

/** A chart axis's tick, where the day is plain from the axis: the time of day, to the second when ticks are that close. */
export const formatTimeOfDay = (date: Date, language: string, seconds = false): string =>
  cached(`timeOfDay|${seconds}|${language}`, () => new Intl.DateTimeFormat(language, { timeStyle: seconds ? 'medium' : 'short' })).format(date);

/** A chart's day (the days of a UTC count), where the year and the time are plain from the chart. */
export const formatUtcDay = (date: Date | number, language: string): string =>
  cached(`utcDay|${language}`, () => new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(date);

/** A moment as a list row shows it, short as a mail client's: the time today, the day this year, else the date. */
export function formatCompactDateTime(date: Date, now: Date, language: string): string {
  if (date.toDateString() === now.toDateString()) return cached(`time|${language}`, () => new Intl.DateTimeFormat(language, { timeStyle: 'short' })).format(date);
  if (date.getFullYear() === now.getFullYear()) return cached(`monthDay|${language}`, () => new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' })).format(date);
  return cached(`date|${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(date);
}

/** Words in the order of the app's language, with the digits inside them as numbers ("rule 9" before "rule 10"). */
export const compareWords = (a: string, b: string, language: string): number =>
  cached(`collator|${language}`, () => new Intl.Collator(language, { numeric: true })).compare(a, b);

export const formatNumber = (value: number, language: string): string => cached(`number|${language}`, () => new Intl.NumberFormat(language)).format(value);

/** An uptime to the minute, its two largest units: "3d 4h", "3天4小时". */
export function formatDuration(seconds: number, language: string): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const duration = days > 0 ? { days, hours } : hours > 0 ? { hours, minutes } : { minutes };
  return new DurationFormat(language, { style: 'narrow' }).format(duration);
}

// Days only from two: a list of expiries reads "in 22 hours", "in 36 hours", not "in 22 hours" beside "tomorrow".
const relativeUnits: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['day', 86_400_000, 2 * 86_400_000],
  ['hour', 3_600_000, 3_600_000],
  ['minute', 60_000, 60_000],
];

/**
 * "now", "3 minutes ago", "in 36 hours", "in 7 days": the largest whole unit, of the time to the
 * nearest minute (a block extended by 7 days a moment ago ends "in 7 days", not in 6), always as a
 * number, never "tomorrow" or "yesterday", so moments side by side are worded alike.
 */
export function formatRelative(at: number, now: number, language: string): string {
  const difference = Math.round((at - now) / 60_000) * 60_000;
  const format = cached(`relative|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'always' }));
  for (const [unit, size, from] of relativeUnits) {
    if (Math.abs(difference) >= from) return format.format(Math.trunc(difference / size), unit);
  }
  return cached(`relativeNow|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })).format(0, 'second');
}

/**
 * A moment that has happened (a sync, a last answer), relative to now: never "in 1 minute". The
 * moment may be later than `now` by as much as `now` is stale (read when the view last ticked) or
 * as the clock that stamped it is ahead; either way it happened, so it is said to be now.
 */
export function formatSince(at: number, now: number, language: string): string {
  return formatRelative(Math.min(at, now), now, language);
}

/**
 * The formatters above, bound to the app's language; a component using them re-renders when it
 * changes. The language is read from its store, not through react-i18next: every time cell of a
 * table uses this, and useTranslation costs a screenful of them a millisecond or more per redraw.
 */
export function useFormat() {
  const language = useLanguageStore((state) => state.language);
  return useMemo(
    () => ({
      language,
      dateTime: (value: string | Date) => formatDateTime(new Date(value), language),
      compactDateTime: (value: string | Date, now: Date) => formatCompactDateTime(new Date(value), now, language),
      dateTimeWithoutThisYear: (value: string | Date, now: Date) => formatDateTimeWithoutThisYear(new Date(value), now, language),
      number: (value: number) => formatNumber(value, language),
      duration: (seconds: number) => formatDuration(seconds, language),
      relative: (at: number, now: number) => formatRelative(at, now, language),
      since: (at: number, now: number) => formatSince(at, now, language),
    }),
    [language],
  );
}
