import { useFormat } from './format.ts';

/**
 * A moment in the user's local time and the app's language. Back ends send times with their own
 * offset; the string as it was sent is kept for the hover, so the two can be compared, and shown
 * as sent when it cannot be read.
 */
export function Time({ value }: { value: string | null | undefined }) {
  const format = useFormat();
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return (
    <time dateTime={date.toISOString()} title={value}>
      {format.dateTime(date)}
    </time>
  );
}
