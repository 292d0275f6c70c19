// Alert sync as the analyst relies on it: the cache ends up holding exactly the appliance's alerts,
// whatever happened on the way (new alerts shifting pages, resets, 429, 5xx, malformed pages).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/contract/sync.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { FULL_ALERT_WALK_EVERY_MS } from '../../../src-main/core/firewall/alerts/alert-service.ts';
import { addFirewallProfile, cachedAlertIds, openWorkspace, simulatorAlertIds, sorted, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 5_000, clock });
  workspace = await openWorkspace(clock);
});
afterEach(() => sims.firewall.faults.clear());
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

const DAY_MS = 86_400_000;
const alertPagesAskedSince = (mark: number) =>
  sims.firewall.requests.slice(mark).filter((request) => request.method === 'GET' && request.path === '/api/v1/alerts').map((request) => Number(new URLSearchParams(request.query).get('page')));

describe('alert sync', () => {
  it('backfills only the window the user chose, reporting progress, and says when it last synced', async () => {
    const profileId = await addFirewallProfile(workspace, sims, { backfillDays: 7 });
    const since = new Date(clock.now() - 7 * 86_400_000).toISOString();
    const progress: { fetched: number; total: number | null }[] = [];
    await clock.run(workspace.services.firewall.alerts.sync(profileId, (step) => progress.push(step)));
    const expected = await simulatorAlertIds(sims, `&since=${encodeURIComponent(since)}`);
    expect(progress[0]).toEqual({ fetched: 500, total: 5_000 });
    expect(progress.at(-1)!.fetched).toBeGreaterThanOrEqual(expected.length);
    expect(expected.length).toBeGreaterThan(300);
    expect(expected.length).toBeLessThan(5_000);
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(expected));
    // The backfill left every index but the time's out while it stored; the worker builds them
    // after its rows, and a sort by source, or by severity within a category, is the same before and after.
    const deferred = ['firewall_alerts_by_action', 'firewall_alerts_by_category', 'firewall_alerts_by_destination', 'firewall_alerts_by_severity', 'firewall_alerts_by_signature', 'firewall_alerts_by_source', 'firewall_alerts_by_walk'];
    const indexesNow = () => workspace.services.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name IN (${deferred.map(() => '?').join(', ')}) ORDER BY name`).pluck().all(...deferred);
    const bySource = { profileId, limit: 1000, sort: { field: 'srcIp', direction: 'asc' } } as const;
    const bySeverity = { profileId, limit: 1000, filter: { category: ['port_scan'] }, sort: { field: 'severity' as const, direction: 'desc' as const } };
    const sortedBefore = await workspace.api.firewall.alerts(bySource);
    const severityBefore = await workspace.api.firewall.alerts(bySeverity);
    expect(sortedBefore.ok && sortedBefore.data.rows.length).toBe(Math.min(1000, expected.length));
    expect(severityBefore.ok && severityBefore.data.rows.length).toBeGreaterThan(0);
    await workspace.services.firewall.alerts.indexed();
    expect(await workspace.api.firewall.alerts(bySource)).toEqual(sortedBefore);
    expect(await workspace.api.firewall.alerts(bySeverity)).toEqual(severityBefore);
    expect(indexesNow()).toEqual(deferred);
    const page = await workspace.api.firewall.alerts({ profileId, limit: 5 });
    expect(page.ok && page.data.total).toBe(expected.length);
    expect(page.ok && page.data.rows.map((row) => row.id)).toEqual(sorted(expected).slice(0, 5));
    const [status] = await workspace.api.firewall.syncStatus({ profileId }).then((result) => (result.ok ? result.data : []));
    expect(status).toBeUndefined();
    expect(workspace.services.firewall.alerts.syncJob(profileId).lastSyncedAt()).toBe(new Date(clock.now()).toISOString());
  });

  it('walks only until it meets what it has; new alerts become one grouped notification per severity', async () => {
    const profileId = await addFirewallProfile(workspace, sims);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    workspace.services.notifications.saveSettings({ doNotDisturb: false, alertSeverity: 'low', blocks: true });
    const shownBefore = workspace.platform.notifications.length;
    const added = sims.firewall.addAlerts(37);
    const mark = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(alertPagesAskedSince(mark)).toEqual([1]);
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(await simulatorAlertIds(sims)));
    const shown = workspace.platform.notifications.slice(shownBefore);
    const severities = new Set(added.map((alert) => alert.severity));
    expect(shown).toHaveLength(severities.size);
    const center = workspace.services.notifications.list();
    const entries = center.items.filter((item) => item.kind === 'alerts' && item.profileId === profileId);
    expect(entries.reduce((sum, item) => sum + item.count, 0)).toBe(37);
    const high = added.filter((alert) => alert.severity === 'high').length;
    if (high > 1) expect(entries.map((item) => item.title)).toContain(`${high} new high alerts`);
  });

  it('loses and doubles nothing when new alerts push older ones onto later pages during the walk', async () => {
    const profileId = await addFirewallProfile(workspace, sims);
    let pushed = false;
    await clock.run(workspace.services.firewall.alerts.sync(profileId, (progress) => {
      // After the first page is stored, 700 alerts arrive: everything moves down more than a page.
      if (!pushed && progress.fetched >= 500) {
        pushed = true;
        sims.firewall.addAlerts(700);
      }
    }));
    expect(pushed).toBe(true);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    const cached = cachedAlertIds(workspace.services, profileId);
    expect(new Set(cached).size).toBe(cached.length);
    expect(sorted(cached)).toEqual(sorted(await simulatorAlertIds(sims)));
  });

  it('once a day walks the whole window and picks up alerts the appliance listed mid-list; the walks between stop at the head', async () => {
    const profileId = await addFirewallProfile(workspace, sims);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    workspace.services.notifications.saveSettings({ doNotDisturb: false, alertSeverity: 'low', blocks: true });
    const late = sims.firewall.insertAlertsMidList(1_200, 3).map((alert) => alert.id);
    let mark = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(alertPagesAskedSince(mark)).toEqual([1]);
    expect(cachedAlertIds(workspace.services, profileId)).not.toContain(late[0]);

    await clock.advance(FULL_ALERT_WALK_EVERY_MS);
    const shownBefore = workspace.services.notifications.list().items.filter((item) => item.kind === 'alerts' && item.profileId === profileId);
    const pages = Math.ceil((await simulatorAlertIds(sims)).length / 500);
    mark = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    // Pages in flight may reach the appliance in any order.
    expect(alertPagesAskedSince(mark).sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    const cached = cachedAlertIds(workspace.services, profileId);
    expect(new Set(cached).size).toBe(cached.length);
    expect(sorted(cached)).toEqual(sorted(await simulatorAlertIds(sims)));
    expect(cached).toEqual(expect.arrayContaining(late));
    const shown = workspace.services.notifications.list().items.filter((item) => item.kind === 'alerts' && item.profileId === profileId);
    expect(shown.reduce((sum, item) => sum + item.count, 0) - shownBefore.reduce((sum, item) => sum + item.count, 0)).toBe(3);

    mark = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(alertPagesAskedSince(mark)).toEqual([1]);
  });

  // The appliance keeps failing until the test clears it: every page in flight uses up its retries.
  it.each([
    ['a connection reset mid-page', { kind: 'reset' as const, times: 100 }],
    ['429 with Retry-After', { kind: 'status' as const, status: 429, retryAfterSeconds: 2, times: 100 }],
    ['500', { kind: 'status' as const, status: 500, times: 100 }],
    ['a malformed page', { kind: 'malformed' as const, times: 1 }],
    ['an HTML page', { kind: 'html' as const, times: 100 }],
  ])('after %s the next sync resumes where the walk stopped and the cache ends exact', async (_name, fault) => {
    const profileId = await addFirewallProfile(workspace, sims);
    let armed = false;
    const failed = clock.run(workspace.services.firewall.alerts.sync(profileId, (progress) => {
      if (!armed && progress.fetched >= 1000) {
        armed = true;
        sims.firewall.faults.add({ path: '/alerts', ...fault });
      }
    }));
    await expect(failed).rejects.toThrow();
    sims.firewall.faults.clear();
    const mark = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(alertPagesAskedSince(mark)[0]).toBeGreaterThan(1);
    const cached = cachedAlertIds(workspace.services, profileId);
    expect(new Set(cached).size).toBe(cached.length);
    expect(sorted(cached)).toEqual(sorted(await simulatorAlertIds(sims)));
  });

  it('says how far back the cache goes; fetching older alerts walks back to there, and to the list’s end says nothing older exists', async () => {
    const profileId = await addFirewallProfile(workspace, sims, { backfillDays: 7 });
    const { firewall } = workspace.services;
    const daysAgo = (days: number) => new Date(clock.now() - days * DAY_MS).toISOString();
    expect(firewall.alerts.reach(profileId)).toEqual({ since: null, whole: false, fetchingBackTo: null, keptFrom: daysAgo(3650) });
    const firstSyncAt = clock.now();
    await clock.run(firewall.alerts.sync(profileId));
    const sevenDaysBefore = new Date(firstSyncAt - 7 * DAY_MS).toISOString();
    expect(firewall.alerts.reach(profileId)).toEqual({ since: sevenDaysBefore, whole: false, fetchingBackTo: null, keptFrom: daysAgo(3650) });

    // A day later the walk through the whole window goes back to where the cache reaches (now eight days), not the whole retention.
    await clock.advance(FULL_ALERT_WALK_EVERY_MS);
    let mark = sims.firewall.requests.length;
    await clock.run(firewall.syncNow(profileId));
    const asked = alertPagesAskedSince(mark);
    // The pages of those eight days and the few fetched ahead, far fewer than the list's.
    const windowPages = Math.ceil((await simulatorAlertIds(sims, `&since=${encodeURIComponent(sevenDaysBefore)}`)).length / 500);
    expect(Math.max(...asked)).toBeLessThanOrEqual(windowPages + 3);
    expect(windowPages + 3).toBeLessThan((await simulatorAlertIds(sims)).length / 500);
    expect(firewall.alerts.reach(profileId).since).toBe(sevenDaysBefore);

    const fourteenDaysAgo = daysAgo(14);
    await clock.run(firewall.fetchOlderAlerts(profileId, 14));
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(await simulatorAlertIds(sims, `&since=${encodeURIComponent(fourteenDaysAgo)}`)));
    expect(firewall.alerts.reach(profileId)).toEqual({ since: fourteenDaysAgo, whole: false, fetchingBackTo: null, keptFrom: daysAgo(3650) });

    // The appliance lists 30 days: asked for 60, the walk reaches the list's end, and the cache reaches its oldest alert.
    await clock.run(firewall.fetchOlderAlerts(profileId, 60));
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(await simulatorAlertIds(sims)));
    const oldest = workspace.services.db
      .prepare('SELECT min(occurred_ms) FROM firewall_alerts WHERE profile_key = (SELECT key FROM firewall_profile_keys WHERE profile_id = ?)')
      .pluck()
      .get(profileId) as number;
    expect(oldest).toBeLessThan(clock.now() - 29 * DAY_MS);
    expect(firewall.alerts.reach(profileId)).toEqual({ since: new Date(oldest).toISOString(), whole: true, fetchingBackTo: null, keptFrom: daysAgo(3650) });
    // Later walks stop at what they have again.
    mark = sims.firewall.requests.length;
    await clock.run(firewall.syncNow(profileId));
    expect(alertPagesAskedSince(mark)).toEqual([1]);
  });

  it('in the background, a fetch of older alerts shows its progress and stops when asked, keeping what it stored, without counting as a failure', async () => {
    const background = await openWorkspace(clock);
    try {
      const { firewall } = background.services;
      const profileId = await addFirewallProfile(background, sims, { backfillDays: 3 });
      const statusWhen = (wanted: (status: SyncStatus) => boolean) =>
        clock.run(new Promise<SyncStatus>((resolve) => {
          const check = firewall.sync.onChanged((status) => {
            if (status.profileId !== profileId || status.resource !== 'alerts' || !wanted(status)) return;
            check.dispose();
            resolve(status);
          });
        }));
      const firstSynced = statusWhen((status) => status.state === 'idle' && status.lastSyncedAt !== null);
      firewall.sync.add(firewall.alerts.syncJob(profileId), 60_000);
      await firstSynced;
      const cachedBefore = cachedAlertIds(background.services, profileId).length;
      const since = firewall.alerts.reach(profileId).since;

      const fetching = statusWhen((status) => status.state === 'syncing' && (status.progress?.fetched ?? 0) >= 2_500);
      // The walk's goal is counted from the moment it was asked for; the fake clock moves on while it walks.
      const askedAt = clock.now();
      await firewall.fetchOlderAlerts(profileId, 29);
      const underWay = await fetching;
      expect(underWay.reach).toMatchObject({ since, fetchingBackTo: new Date(askedAt - 29 * DAY_MS).toISOString() });

      const stopped = statusWhen((status) => status.state !== 'syncing');
      firewall.stopFetchingOlderAlerts(profileId);
      const after = await stopped;
      expect(after).toMatchObject({ state: 'idle', reach: { since, fetchingBackTo: null } });
      expect(after.error).toBeUndefined();
      expect(cachedAlertIds(background.services, profileId).length).toBeGreaterThan(cachedBefore);
    } finally {
      await background.close();
    }
  });

  it('in the background, backs off while the appliance fails and catches up when it answers again', async () => {
    const background = await openWorkspace(clock);
    try {
      const profileId = await addFirewallProfile(background, sims);
      const statuses: SyncStatus[] = [];
      background.services.firewall.sync.onChanged((status) => statuses.push(status));
      sims.firewall.faults.add({ path: '/alerts', kind: 'status', status: 503, times: 1_000 });
      background.services.firewall.sync.add(background.services.firewall.alerts.syncJob(profileId), 60_000);
      await clock.advance(0);
      await clock.run(new Promise<void>((resolve) => {
        const check = background.services.firewall.sync.onChanged((status) => {
          if (status.state === 'backing-off') {
            check.dispose();
            resolve();
          }
        });
      }));
      const [failing] = background.services.firewall.sync.status(profileId);
      expect(failing).toMatchObject({ state: 'backing-off', error: { code: 'service_unavailable' }, lastSyncedAt: null });
      sims.firewall.faults.clear();
      await clock.advance(2 * 60_000 * 1.2);
      await clock.run(new Promise<void>((resolve) => {
        if (background.services.firewall.sync.status(profileId)[0]?.state === 'idle') return resolve();
        const check = background.services.firewall.sync.onChanged((status) => {
          if (status.state === 'idle') {
            check.dispose();
            resolve();
          }
        });
      }));
      const [caughtUp] = background.services.firewall.sync.status(profileId);
      expect(caughtUp?.lastSyncedAt).not.toBeNull();
      expect(sorted(cachedAlertIds(background.services, profileId))).toEqual(sorted(await simulatorAlertIds(sims)));
    } finally {
      await background.close();
    }
  });
});
