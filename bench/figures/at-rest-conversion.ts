// Issue 45: "The first conversion of a 1M-alert database shows progress and keeps main's stalls
// under 50 ms". A plain data folder holding a million cached alerts (built by SQL in one
// statement, as the other figures build theirs, by a start without a keychain) is started with a
// keychain, as after the update that brought encryption: the start encrypts the file (in the
// database worker) and says which phase it is in. Main's longest event-loop stall over that whole
// start, against the next start on the file now encrypted (the baseline: a start with nothing to
// convert); the first progress event after the start began, and the longest wait between two.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openDatabase } from '../../src-main/core/db/database.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openTestServices } from '../../test/support/test-services.ts';
import { BenchKeychain } from '../bench-keychain.ts';
import { row, type FigureRow } from '../figure.ts';

interface Start {
  ms: number;
  stallMs: number;
  /** ms from the start's beginning to each progress event. */
  progressAt: number[];
  encrypted: boolean;
}

async function timeStart(dataDir: string, keyStore: BenchKeychain): Promise<Start> {
  const progressAt: number[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  const opened = await openTestServices({ dataDir, keyStore, onDatabaseConversion: () => progressAt.push(performance.now() - started) });
  const ms = performance.now() - started;
  stalls.disable();
  const encrypted = opened.services.databaseStatus.events.some((event) => event.kind === 'encrypted');
  await opened.services.dispose();
  return { ms, stallMs: stalls.max / 1e6, progressAt, encrypted };
}

export async function conversionRows(quick: boolean): Promise<FigureRow[]> {
  const alerts = quick ? 20_000 : 1_000_000;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-conversion-'));
  try {
    const plain = openDatabase(path.join(dataDir, 'opsdesk.sqlite'));
    fillAlertCache(plain, 'bench-conversion', alerts, Date.now());
    plain.close();
    const keyStore = new BenchKeychain();
    const conversion = await timeStart(dataDir, keyStore);
    if (!conversion.encrypted) throw new Error('the start did not encrypt the plain file');
    const next = await timeStart(dataDir, keyStore);
    const label = alerts >= 1_000_000 ? `${alerts / 1_000_000}M` : `${alerts / 1000}k`;
    const { progressAt } = conversion;
    const gaps = [...progressAt, conversion.ms].map((at, index, all) => at - (index === 0 ? 0 : all[index - 1]!));
    return [
      row(`At rest (conversion): main's longest stall while a plain ${label}-alert database is first encrypted`, 'ms', conversion.stallMs, next.stallMs, { measuredBelow: 50 },
        'the whole start, from services asked for to services ready; baseline: the next start, on the file now encrypted'),
      row('At rest (conversion): the start that encrypts it', 'ms', conversion.ms, next.ms, {}, 'baseline: the next start; shown, not judged'),
      row('At rest (conversion): its first progress event', 'ms', progressAt[0] ?? Number.POSITIVE_INFINITY, null, { measuredBelow: 1000 },
        `${progressAt.length} progress events (the phases: copying, encrypting, checking)`),
      row('At rest (conversion): its longest wait between progress events (or to its end)', 'ms', Math.max(...gaps), null, {}, 'shown, not judged: a phase is one step the update window names'),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
