// The bench's quick run inside npm test, so that the bench cannot rot: every figure still runs and
// reports a measurement, a baseline and a verdict. Its numbers are not judged here (the bench is not a timed test).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import type { FigureRow } from '../../bench/figure.ts';
import { expectEach } from '../support/expect-each.ts';

test('npm run bench -- --quick prints and writes every figure', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-'));
  try {
    const out = path.join(dir, 'bench.json');
    const bench = fileURLToPath(new URL('../../bench/bench.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', bench, '--quick', '--out', out], { timeout: 420_000 });
    expect(stdout).toMatch(/^figure\s+measured\s+baseline\s+ratio\s+target\s+pass/m);
    const { quick, rows } = JSON.parse(await readFile(out, 'utf8')) as { quick: boolean; rows: FigureRow[] };
    expect(quick).toBe(true);
    for (const figure of ['P2', 'P3', 'P4', 'P5']) {
      const row = rows.find((candidate) => candidate.figure.startsWith(figure));
      expect(row, figure).toBeDefined();
      expect(row!.measured).toBeGreaterThan(0);
      expect(row!.baseline).toBeGreaterThan(0);
      expect(stdout).toContain(row!.figure);
    }
    // P1 streams an answer into Chromium and through main; every row reports a measurement.
    const p1 = rows.filter((row) => row.figure.startsWith('P1 '));
    expect(p1.map((row) => row.figure)).toEqual([
      'P1 longest window task while streaming',
      'P1 final text shown after main stored it',
      'P1 main CPU per chunk vs SDK bare iteration',
      "P1 main's chunk rate",
    ]);
    expectEach(p1, (row) => Number.isFinite(row.measured) && row.measured >= 0, 'have a measured figure');
    expect(p1[2]!.ratio).toBeGreaterThan(0);
    // P6 (the inbox's status filter over 10k cached tickets, its text search, a bulk close) and P7 (a busy session on a 60/min key).
    expect(rows.filter((row) => /^P[67] /.test(row.figure)).map((row) => row.figure)).toEqual([
      'P6 status filter over 10,000 cached tickets, p95',
      'P6 text search p95 end to end vs bare SQLite, 2k tickets, 20k messages',
      'P6 bulk close of 30: longest window task',
      'P6 bulk close of 30: responses 429',
      'P6 inbox first rows painted after the tab opens, 2k cached',
      'P6 status filter p95 end to end vs bare SQLite, 2k',
      'P7 responses 429 in a busy session (60/min key)',
      "P7 user calls' wait for the budget, p95",
    ]);
    // P10: the alerts' text search, fully indexed and with the newest alerts not yet indexed.
    const p10 = rows.filter((row) => row.figure.startsWith('P10 '));
    expect(p10).toHaveLength(2);
    expectEach(p10, (row) => row.measured > 0 && row.baseline! > 0, 'time the search and the bare FTS5 query');
    // Issue 45: P2's store, P6's read and P10's search on an encrypted file beside a plain one.
    expect(rows.filter((row) => row.figure.startsWith('At rest ')).map((row) => row.figure)).toEqual([
      "At rest (P2's store): a sync storing 200 tickets, encrypted database beside the plain one, median",
      "At rest (P6's read): an inbox page and its total over 5,000 tickets, encrypted database beside the plain one, median",
      "At rest (P10's search): a full-text ticket search, encrypted database beside the plain one, median",
    ]);
    // P11: a bulk block of checked alerts' sources, within the key's rate.
    expect(rows.filter((row) => row.figure.startsWith('P11 ')).map((row) => row.figure)).toEqual([
      'P11 bulk block of 20: longest window task',
      'P11 bulk block of 20: responses 429',
      'P11 bulk block of 20: time vs the rate budget',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 450_000);
