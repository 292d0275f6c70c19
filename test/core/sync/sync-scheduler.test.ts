// The sync scheduler and the connection state: a sync that backs off because its back end did not
// answer waits no longer once the back end answers again.
import { describe, expect, test } from 'vitest';
import { Emitter } from '../../../src-main/core/lifecycle/emitter.ts';
import { createLogger } from '../../../src-main/core/log/logger.ts';
import { SyncScheduler, type SyncJob } from '../../../src-main/core/sync/sync-scheduler.ts';
import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const logger = createLogger({ sink: () => {} });
const INTERVAL_MS = 60_000;

function scene() {
  const clock = new FakeClock(Date.parse('2026-11-22T10:00:00.000Z'));
  const connection = new Emitter<ConnectionHealth>();
  const scheduler = new SyncScheduler<'alerts' | 'blocklist'>({ clock, logger, connection: { onChanged: connection.event } });
  let applianceUp = true;
  const runs: { resource: string; at: number }[] = [];
  const job = (resource: 'alerts' | 'blocklist'): SyncJob<'alerts' | 'blocklist'> => ({
    profileId: 'fw',
    resource,
    run: async () => {
      runs.push({ resource, at: clock.now() });
      if (!applianceUp) throw new Error('connection refused');
    },
    lastSyncedAt: () => null,
    cachedCount: () => 0,
  });
  const health = (state: ConnectionHealth['state']) => connection.fire({ profileId: 'fw', state, lastReachedAt: null, lastCheckedAt: new Date(clock.now()).toISOString() });
  return {
    clock,
    scheduler,
    runs,
    job,
    health,
    setApplianceUp: (up: boolean) => void (applianceUp = up),
  };
}

describe('sync scheduler', () => {
  test('a sync backing off while the appliance was away runs at once when it answers again, not after its backoff', async () => {
    const { clock, scheduler, runs, job, health, setApplianceUp } = scene();
    scheduler.add(job('alerts'), INTERVAL_MS);
    await clock.advance(0);
    setApplianceUp(false);
    health('unreachable');
    await clock.advance(INTERVAL_MS * 1.2);
    expect(scheduler.status('fw')[0]).toMatchObject({ state: 'backing-off' });
    const failedRuns = runs.length;

    setApplianceUp(true);
    await clock.advance(1_000);
    expect(runs, 'its backoff still holds while nothing says the appliance is back').toHaveLength(failedRuns);
    health('reachable');
    await clock.advance(0);
    expect(runs).toHaveLength(failedRuns + 1);
    expect(scheduler.status('fw')[0]).toMatchObject({ state: 'idle' });
    scheduler.dispose();
  });

  test('a sync in good standing keeps its schedule when a call of the profile answers', async () => {
    const { clock, scheduler, runs, job, health } = scene();
    scheduler.add(job('blocklist'), INTERVAL_MS);
    await clock.advance(0);
    health('reachable');
    health('unreachable');
    health('reachable');
    await clock.advance(0);
    expect(runs).toHaveLength(1);
    scheduler.dispose();
  });
});
