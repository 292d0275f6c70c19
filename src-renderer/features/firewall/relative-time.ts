const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "3 minutes ago", "in 2 hours": the largest whole unit, in the window's language. */
export function relativeTime(at: number, now: number, language = navigator.language): string {
  const difference = at - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(difference) >= size) return format.format(Math.trunc(difference / size), unit);
  }
  return format.format(0, 'second');
}
