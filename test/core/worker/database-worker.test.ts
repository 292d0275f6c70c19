// The database worker: tasks run on its own connection to the app's file; a task's failure comes
// back as a clear error and the worker goes on; a worker that dies fails what it was doing, and
// the next task starts a new one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { DatabaseWorker } from '../../../src-main/core/worker/database-worker.ts';
import { fillAlertCache } from '../../../bench/figures/cache-fixture.ts';

const entry = new URL('../../../src-main/core/worker/worker-entry.ts', import.meta.url);
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-worker-'));
  db = openDatabase(path.join(dataDir, 'opsdesk.sqlite'));
  fillAlertCache(db, 'p1', 2_500, Date.parse('2026-11-22T12:00:00Z'));
});
afterAll(async () => {
  db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const everything = { profileId: 'p1', filter: {}, sort: { field: 'occurredAt', direction: 'desc' } } as const;

test('writes a CSV of the cache on its own connection, reporting progress as it goes', async () => {
  const worker = new DatabaseWorker(entry, db.name);
  try {
    const progress: { written: number; total: number }[] = [];
    const file = path.join(dataDir, 'all.csv');
    const rows = await worker.run('writeAlertsCsv', { path: file, ...everything }, (step) => progress.push(step));
    expect(rows).toBe(2_500);
    expect(progress[0]).toEqual({ written: 0, total: 2_500 });
    expect(progress.map((step) => step.written)).toEqual([0, 1000, 2000, 2500]);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2_501);
    expect(lines[1]).toContain('alt_00002500');
  } finally {
    await worker.close();
  }
});

test('a task that fails answers with its reason, and the worker goes on with the next', async () => {
  const worker = new DatabaseWorker(entry, db.name);
  try {
    const failed = worker.run('writeAlertsCsv', { path: path.join(dataDir, 'no-such-folder', 'x.csv'), ...everything });
    await expect(failed).rejects.toThrow(/ENOENT/);
    expect(await worker.run('writeAlertsCsv', { path: path.join(dataDir, 'again.csv'), ...everything })).toBe(2_500);
  } finally {
    await worker.close();
  }
});

test('the bundle the app ships (out/main/database-worker.js, built by npm test) runs the same tasks', async () => {
  const worker = new DatabaseWorker(new URL('../../../out/main/database-worker.js', import.meta.url), db.name);
  try {
    expect(await worker.run('writeAlertsCsv', { path: path.join(dataDir, 'bundled.csv'), ...everything })).toBe(2_500);
  } finally {
    await worker.close();
  }
});

test('a worker whose script cannot run fails the task with a clear reason instead of hanging', async () => {
  const worker = new DatabaseWorker(new URL('./no-such-entry.ts', import.meta.url), db.name);
  await expect(worker.run('restoreAlertIndexes', undefined)).rejects.toThrow(/The database worker stopped/);
  await worker.close();
});
