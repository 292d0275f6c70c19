// The database worker's own work waits until main has left it alone for a quiet spell, gives way
// to every task, and goes on a step at a time until none is left.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src-main/core/db/database.ts';
import { packAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { IdleWork } from '../../../src-main/core/worker/idle-work.ts';
import { DatabaseWorker } from '../../../src-main/core/worker/database-worker.ts';
import { SyncStateRepository } from '../../../src-main/core/sync/sync-state-repository.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

function counting(steps: number, clock: FakeClock) {
  const done: number[] = [];
  const work = new IdleWork(() => {
    done.push(clock.now());
    return done.length < steps;
  }, 250, clock);
  return { work, done };
}

describe('idle work', () => {
  it('starts after a quiet spell and takes its steps one timer apart until none is left', async () => {
    const clock = new FakeClock(0);
    const { work, done } = counting(3, clock);
    work.start();
    await clock.advance(249);
    expect(done).toEqual([]);
    await clock.advance(1);
    expect(done).toEqual([250, 250, 250]);
    await clock.advance(10_000);
    expect(done).toHaveLength(3);
  });

  it('never runs while a task runs, and waits a new quiet spell after each', async () => {
    const clock = new FakeClock(0);
    const { work, done } = counting(2, clock);
    work.start();
    await clock.advance(200);
    work.taskStarted();
    await clock.advance(5_000);
    expect(done).toEqual([]);
    work.taskStarted();
    work.taskEnded();
    await clock.advance(1_000);
    expect(done).toEqual([]);
    work.taskEnded();
    await clock.advance(200);
    work.taskStarted();
    work.taskEnded();
    await clock.advance(249);
    expect(done).toEqual([]);
    await clock.advance(1);
    expect(done).toEqual([6_650, 6_650]);
  });

  it('after a failed step, tries again only after the next task; stopped, it runs no more', async () => {
    const clock = new FakeClock(0);
    let failing = true;
    const steps: number[] = [];
    const work = new IdleWork(() => {
      steps.push(clock.now());
      if (failing) throw new Error('database is locked');
      return false;
    }, 250, clock);
    work.start();
    await clock.advance(10_000);
    expect(steps).toEqual([250]);
    failing = false;
    work.taskStarted();
    work.taskEnded();
    await clock.advance(250);
    expect(steps).toEqual([250, 10_250]);
    work.stop();
    work.taskStarted();
    work.taskEnded();
    await clock.advance(10_000);
    expect(steps).toHaveLength(2);
  });

  it('in the database worker, takes stored alerts into the full-text index once main leaves it alone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-idle-'));
    const db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
    const worker = new DatabaseWorker(new URL('../../../src-main/core/worker/worker-entry.ts', import.meta.url), db.name);
    try {
      insertProfileRow(db, 'fw', 'firewall');
      new SyncStateRepository(db).beginWalk('fw', 'alerts', 1, { full: true });
      const items = Array.from({ length: 12_000 }, (_, n) => packAlert({
        id: `alt_${n}`, severity: 'low', occurredMs: 1_700_000_000_000 - n, category: null, action: null, srcIp: null, srcPort: null, dstIp: null,
        dstPort: null, protocol: null, signature: `ET beacon ${n}`, message: null, deviceId: null, other: null,
      }));
      await worker.run('commitAlertPages', { profileId: 'fw', resource: 'alerts', walk: 1, pages: [{ items, page: 1, total: 12_000, fetched: 12_000 }], completedAt: null });
      const indexedThrough = () => db.prepare('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck().get();
      // A sync's own call is not what fills it here: nothing asked the worker to.
      await vi.waitFor(() => expect(indexedThrough()).toBe(12_000), { timeout: 10_000, interval: 50 });
      expect(db.prepare("SELECT COUNT(*) FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'beacon'").pluck().get()).toBe(12_000);
    } finally {
      await worker.dispose();
      db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
