// A moment is written one way in every view (issue 28: three date formats across views): the app's
// language, the user's local time, what the back end sent on hover. ui/Time.tsx does that; the
// formatters live in ui/format.ts. A view that formats a time itself is the start of a fourth format.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const RENDERER = 'src-renderer';
const FORMATTERS = path.join(RENDERER, 'ui', 'format.ts');
/** Where a moment is written as text rather than as an element: the component itself, and a canvas chart's legend and axis. */
const WRITES_MOMENTS = new Set([path.join(RENDERER, 'ui', 'Time.tsx'), path.join(RENDERER, 'features', 'firewall', 'admin', 'UsageChart.tsx')]);

const ownFormatting = /\bIntl\.(DateTimeFormat|RelativeTimeFormat)\b|\.toLocale(Date|Time)?String\(|\.toUTCString\(|\.toDateString\(|\.toTimeString\(/;
const momentAsText = /\bformat\.(dateTime|relative)\(|\bformat(DateTime|Relative|TimeOfDay)\(/;

function rendererFiles(): string[] {
  return readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(RENDERER, name));
}

test('only ui/format.ts makes a date formatter, and only ui/Time.tsx (and a canvas chart) writes a moment as text', () => {
  const offenders = rendererFiles().flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [
      ...(file !== FORMATTERS && ownFormatting.test(source) ? [`${file}: formats a date itself`] : []),
      ...(file !== FORMATTERS && !WRITES_MOMENTS.has(file) && momentAsText.test(source) ? [`${file}: writes a moment as text instead of <Time>`] : []),
    ];
  });
  expect(offenders).toEqual([]);
});

test('the rule sees what it forbids', () => {
  expect(ownFormatting.test("new Intl.DateTimeFormat('en').format(at)")).toBe(true);
  expect(ownFormatting.test('at.toLocaleString()')).toBe(true);
  expect(momentAsText.test("t('madeAt', { time: format.dateTime(at) })")).toBe(true);
  expect(momentAsText.test('<Time value={at} />')).toBe(false);
});
