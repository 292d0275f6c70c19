// The database worker: tasks run on its own connection to the app's file; a task's failure comes
// back as a clear error and the worker goes on; a worker that dies fails what it was doing, and
// the next task starts a new one; a task asked to stop (an export) stops and cleans up.
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { DatabaseWorker } from '../../../src-main/core/worker/database-worker.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { fillAlertCache } from '../../support/alert-cache-fill.ts';
import { openTestServices } from '../../support/test-services.ts';

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
    await worker.dispose();
  }
});

test('started ahead of its first task, it answers once its connection is open; one that cannot open its file says why', async () => {
  const worker = new DatabaseWorker(entry, db.name);
  try {
    await worker.start();
    expect(await worker.run('writeAlertsCsv', { path: path.join(dataDir, 'started.csv'), ...everything })).toBe(2_500);
  } finally {
    await worker.dispose();
  }
  const broken = new DatabaseWorker(entry, path.join(dataDir, 'no-such-folder', 'opsdesk.sqlite'));
  await expect(broken.start()).rejects.toThrow(/The database worker stopped \(.*directory does not exist.*\) before its connection was open/);
  await broken.dispose();
});

test('a task that fails answers with its reason, and the worker goes on with the next', async () => {
  const worker = new DatabaseWorker(entry, db.name);
  try {
    const failed = worker.run('writeAlertsCsv', { path: path.join(dataDir, 'no-such-folder', 'x.csv'), ...everything });
    await expect(failed).rejects.toThrow(/ENOENT/);
    expect(await worker.run('writeAlertsCsv', { path: path.join(dataDir, 'again.csv'), ...everything })).toBe(2_500);
  } finally {
    await worker.dispose();
  }
});

test('the bundle the app ships (out/main/database-worker.js, built by npm test) runs the same tasks', async () => {
  const worker = new DatabaseWorker(new URL('../../../out/main/database-worker.js', import.meta.url), db.name);
  try {
    expect(await worker.run('writeAlertsCsv', { path: path.join(dataDir, 'bundled.csv'), ...everything })).toBe(2_500);
  } finally {
    await worker.dispose();
  }
});

test('an export asked to stop ends with its unfinished file removed', async () => {
  const big = await mkdtemp(path.join(tmpdir(), 'opsdesk-worker-big-'));
  const bigDb = openDatabase(path.join(big, 'opsdesk.sqlite'));
  try {
    fillAlertCache(bigDb, 'p1', 100_000, Date.parse('2026-11-22T12:00:00Z'));
    const file = path.join(big, 'stopped.csv');
    const stop = new AbortController();
    const reached: number[] = [];
    const bigWorker = new DatabaseWorker(entry, bigDb.name);
    const running = bigWorker.run('writeAlertsCsv', { path: file, ...everything }, ({ written }) => {
      reached.push(written);
      if (written >= 2000) stop.abort();
    }, stop.signal);
    await expect(running).rejects.toThrow(/abort/i);
    expect(reached.at(-1)).toBeLessThan(100_000);
    await expect(access(file)).rejects.toThrow(/ENOENT/);
    // The worker goes on with the next task.
    expect(await bigWorker.run('writeAlertsCsv', { path: path.join(big, 'whole.csv'), ...everything, filter: { severity: ['critical'] } })).toBe(25_000);
    await bigWorker.dispose();
  } finally {
    bigDb.close();
    await rm(big, { recursive: true, force: true });
  }
}, 60_000);

test('the window stops an export through its call: the export answers as cancelled and leaves no file', async () => {
  const big = await mkdtemp(path.join(tmpdir(), 'opsdesk-export-stop-'));
  const seed = openDatabase(path.join(big, 'opsdesk.sqlite'));
  fillAlertCache(seed, 'p1', 100_000, Date.parse('2026-11-22T12:00:00Z'));
  seed.close();
  const { services, platform, dispose } = await openTestServices({ dataDir: big });
  try {
    const api = bridgeInProcess(services);
    platform.savePath = path.join(big, 'alerts.csv');
    api.firewall.onExportProgress(({ taskId, written }) => {
      if (written >= 2000) void api.app.cancel({ taskId });
    });
    const result = await api.firewall.exportAlerts({ profileId: 'p1', taskId: randomUUID() });
    expect(result.ok && result.data).toEqual({ path: null, rows: 0 });
    await expect(access(path.join(big, 'alerts.csv'))).rejects.toThrow(/ENOENT/);
  } finally {
    await dispose();
    await rm(big, { recursive: true, force: true });
  }
}, 60_000);

test('closing while a task runs in a worker that dies fails the task with the reason and returns', async () => {
  const worker = new DatabaseWorker(new URL('./dying-worker-entry.ts', import.meta.url), db.name);
  await worker.start();
  const failed = expect(worker.run('restoreAlertIndexes', undefined)).rejects.toThrow(/The database worker stopped \(exit code 3\)/);
  await worker.dispose();
  await failed;
});

test('a worker whose script cannot run fails the task with a clear reason instead of hanging', async () => {
  const worker = new DatabaseWorker(new URL('./no-such-entry.ts', import.meta.url), db.name);
  await expect(worker.run('restoreAlertIndexes', undefined)).rejects.toThrow(/The database worker stopped/);
  await worker.dispose();
});
