// A search on main while the database worker drops and builds the sort indexes around backfills:
// SQLite prepares main's statements again after each of those schema changes, and FTS5 could fail
// to connect its table in the middle of one. The view's search must answer all the same.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { openDatabase } from '../../../src-main/core/db/database.ts';
import { AlertRepository } from '../../../src-main/core/firewall/alerts/alert-repository.ts';
import { packAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { SyncStateRepository } from '../../../src-main/core/sync/sync-state-repository.ts';
import { DatabaseWorker } from '../../../src-main/core/worker/database-worker.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

test('searches answer while the worker drops and builds the sort indexes of one backfill after another', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-search-ddl-'));
  const db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  const worker = new DatabaseWorker(new URL('../../../src-main/core/worker/worker-entry.ts', import.meta.url), db.name);
  const alerts = new AlertRepository(db);
  const failures: string[] = [];
  let searches = 0;
  let backfilling = true;
  try {
    await worker.start();
    const profiles = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const searching = (async () => {
      while (backfilling) {
        for (const profileId of profiles) {
          try {
            alerts.query(profileId, { text: 'no-such-signature' }, { field: 'occurredAt', direction: 'desc' }, 0, 100);
            searches++;
          } catch (error) {
            failures.push((error as Error).message);
          }
        }
        await nextTurn();
      }
    })();
    for (const profileId of profiles) {
      insertProfileRow(db, profileId, 'firewall');
      new SyncStateRepository(db).beginWalk(profileId, 'alerts', 1, { full: true });
      await worker.run('suspendAlertIndexes', undefined);
      const items = Array.from({ length: 300 }, (_, n) => packAlert({
        id: `alt_${n}`, severity: 'high', occurredMs: 1_700_000_000_000 - n * 1000, category: 'port_scan', action: 'blocked', srcIp: `203.0.113.${n % 250}`,
        srcPort: 1, dstIp: '10.0.0.1', dstPort: 2, protocol: 'tcp', signature: `ET beacon ${n % 97}`, message: null, deviceId: null, other: null,
      }));
      await worker.run('commitAlertPages', { profileId, resource: 'alerts', walk: 1, pages: [{ items, page: 1, total: 300, fetched: 300 }], completedAt: null });
      // As a sync leaves them: the build and the words follow while the next backfill begins.
      void worker.run('restoreAlertIndexes', undefined).then(() => worker.run('indexAlertText', undefined));
    }
    await worker.run('indexAlertText', undefined);
    backfilling = false;
    await searching;
    expect(failures).toEqual([]);
    expect(searches).toBeGreaterThan(profiles.length * 10);
    expect(alerts.query('p39', { text: 'beacon' }, { field: 'occurredAt', direction: 'desc' }, 0, 1000).rows).toHaveLength(300);
  } finally {
    await worker.dispose();
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
});
