// The P1 figure runs (small) inside the suite, so the bench cannot rot; its timing is judged by npm run bench.
import { expect, test } from 'vitest';
import { p1Streaming } from '../../../bench/p1-streaming.ts';

test('P1 streams an answer into Chromium and through main without losing text, and reports every row', async () => {
  const rows = await p1Streaming.run({ quick: true });
  expect(rows.map((row) => row.figure)).toEqual([
    'P1 longest window task while streaming',
    'P1 final text shown after main stored it',
    'P1 main CPU per chunk vs SDK bare iteration',
    "P1 main's chunk rate",
  ]);
  expect(rows.every((row) => Number.isFinite(row.measured) && row.measured >= 0)).toBe(true);
  expect(rows[2]!.ratio).toBeGreaterThan(0);
}, 120_000);
