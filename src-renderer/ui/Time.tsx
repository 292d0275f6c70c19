import { useFormat } from './format.ts';

/**
 * A moment in the user's local time and the app's language. Back ends send times with their own
 * offset; the string as it was sent is kept for the hover, so the two can be compared, and shown
 * as sent when it cannot be read. `compact`, where a narrow column has no room for the whole moment
 * (a list's rows): the time today, else the day, the whole moment on hover.
 */
export function Time({ value, compact = false }: { value: string | null | undefined; compact?: boolean }) {
  const format = useFormat();
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return (
    <time dateTime={date.toISOString()} title={compact ? `${format.dateTime(date)} (${value})` : value}>
      {compact ? format.compactDateTime(date, new Date()) : format.dateTime(date)}
    </time>
  );
}
