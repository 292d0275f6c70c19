// The P1 figure runs (small) inside the suite, so the bench cannot rot; its timing is judged by npm run bench.
import { expect, test } from 'vitest';
import { p1Streaming } from '../../../bench/p1-streaming.ts';

test('P1 reads a stream through main without losing text and reports both rows', async () => {
  const rows = await p1Streaming.run({ quick: true });
  expect(rows.map((row) => row.figure)).toEqual(['P1 main CPU per chunk vs SDK bare iteration', "P1 main's chunk rate"]);
  expect(rows[0]!.ratio).toBeGreaterThan(0);
  expect(rows[1]!.measured).toBeGreaterThan(0);
});
