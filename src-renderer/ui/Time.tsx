import { useFormat } from './format.ts';

/**

 * A moment, the one way OpsDesk writes one: the user's local time in the app's language. Back ends
 * send times with their own offset; the string as it was sent is kept for the hover, so the two can
 * be compared, and shown as sent when it cannot be read. With `relativeTo` (now, in ms) the moment
 * reads "3 minutes ago", "in 2 hours", and the hover holds it in full; `past`, for a moment that has
 * happened, is never said to be ahead. `compact`, where a narrow
 * column has no room for the whole moment (a list's rows): the time today, else the day, the whole
 * moment on hover. `withoutThisYear`, in a table of many moments (alerts): to the second, without
 * the year when it is this year's.
 */
export function Time({
  value,
  relativeTo,
  past = false,
  compact = false,
  withoutThisYear = false,
}: {
  value: string | null | undefined;
  relativeTo?: number;
  past?: boolean;
  compact?: boolean;
  withoutThisYear?: boolean;
}) {
  const format = useFormat();
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const inFull = format.dateTime(date);
  return (
    <time dateTime={date.toISOString()} title={relativeTo !== undefined ? inFull : compact || withoutThisYear ? `${inFull} (${value})` : value}>
      {relativeTo !== undefined
        ? (past ? format.since : format.relative)(date.getTime(), relativeTo)
        : compact
          ? format.compactDateTime(date, new Date())
          : withoutThisYear
            ? format.dateTimeWithoutThisYear(date, new Date())
            : inFull}
    </time>
  );
}
