// The alerts table's store under Node, over the real bridge, services, SQLite cache and simulator:
// what the analyst sees when filtering, filtering out from a cell, sorting, scrolling and when new
// alerts arrive while one is selected.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alertQuerySchema, type AlertRow } from '../../src-shared/contract/firewall.ts';
import { alertPageSize, createAlertsStore, type AlertsStore } from '../../src-renderer/features/firewall/alerts/alerts-store.ts';
import { alertTableCalls } from '../../src-renderer/features/firewall/alerts/alerts-data.ts';
import { startSimulators, type Simulators } from '../sim/index.ts';
import { addFirewallProfile, openWorkspace, type Workspace } from '../core/firewall/firewall-fixture.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { toggleRow } from '../../src-renderer/ui/row-checks.ts';
import { expectEach, expectNone } from '../support/expect-each.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 450, clock });
  workspace = await openWorkspace(clock);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

/** A profile of its own with the simulator's alerts cached, and a store over it. */
async function syncedStore(): Promise<{ profileId: string; store: AlertsStore }> {
  const profileId = await addFirewallProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(profileId));
  return { profileId, store: createAlertsStore(alertTableCalls(workspace.api, profileId), profileId) };
}

/**
 * Resolves once the first page of the query just set has arrived: the previous query's rows stay on
 * screen until it replaces them, so the page held when this is called does not count. A query that
 * failed rejects with main's error rather than leaving the test to time out.
 */
function firstPage(store: AlertsStore): Promise<readonly AlertRow[]> {
  const shown = store.getState().pages.get(0);
  return new Promise((resolve, reject) => {
    const check = () => {
      const { pages, error } = store.getState();
      const rows = pages.get(0);
      if (error) {
        unsubscribe();
        reject(new Error(`the query failed: ${error.message}`));
      } else if (rows && rows !== shown) {
        unsubscribe();
        resolve(rows);
      }
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

describe('alerts store', () => {
  test('a severity filter shows only those alerts and counts them', async () => {
    const { profileId, store } = await syncedStore();
    await store.getState().refresh();
    const all = store.getState().total!;
    expect(all).toBe(workspace.services.firewall.alerts.query(alertQuerySchema.parse({ profileId, limit: 1 })).total);

    store.getState().setFilter({ severity: ['critical'] });
    const rows = await firstPage(store);
    const critical = store.getState().total!;
    expect(critical).toBeGreaterThan(0);
    expect(critical).toBeLessThan(all);
    expectEach(rows, (row) => row.severity === 'critical', 'be critical');

    store.getState().setFilter({ severity: [] });
    await firstPage(store);
    expect(store.getState().total).toBe(all);
    expect(store.getState().query.filter).toEqual({});
  });

  test('a table opened again starts on its kept filter and sort: asked with the first page, it never shows the other rows first', async () => {
    const profileId = await addFirewallProfile(workspace, sims);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    const kept = await workspace.api.views.keepAlertView({ profileId, filter: { severity: ['critical'] }, sort: { field: 'srcIp', direction: 'asc' } });
    expect(kept.ok).toBe(true);
    const store = createAlertsStore(alertTableCalls(workspace.api, profileId), profileId);
    const shown: (readonly AlertRow[])[] = [];
    store.subscribe((state) => {
      const rows = state.pages.get(0);
      if (rows && rows !== shown.at(-1)) shown.push(rows);
    });
    await store.getState().refresh();
    await expect.poll(() => shown.length).toBeGreaterThan(0);
    expect(store.getState().query).toEqual({ filter: { severity: ['critical'] }, sort: { field: 'srcIp', direction: 'asc' } });
    for (const rows of shown) expectEach(rows, (row) => row.severity === 'critical', 'be critical');
  });

  test('filter out from a cell drops that value; filter in on the same cell replaces it', async () => {
    const { store } = await syncedStore();
    await store.getState().refresh();
    const category = store.getState().rowAt(0)!.category!;

    store.getState().addCellFilter('category', category, 'out');
    const without = await firstPage(store);
    expectNone(without, (row) => row.category === category, `have category ${category}`);

    store.getState().addCellFilter('category', category, 'in');
    const only = await firstPage(store);
    expect(store.getState().query.filter.cells).toEqual([{ field: 'category', value: category, mode: 'in' }]);
    expect(only.length).toBeGreaterThan(0);
    expectEach(only, (row) => row.category === category, `have category ${category}`);

    store.getState().removeCellFilter(0);
    await firstPage(store);
    expect(store.getState().query.filter).toEqual({});
  });

  test('sorting by a column puts its largest first, a second click the other way', async () => {
    const { store } = await syncedStore();
    await store.getState().refresh();
    store.getState().sortBy('srcIp');
    const descending = (await firstPage(store)).map((row) => row.srcIp ?? '');
    store.getState().sortBy('srcIp');
    const ascending = (await firstPage(store)).map((row) => row.srcIp ?? '');
    expect(store.getState().query.sort).toEqual({ field: 'srcIp', direction: 'asc' });
    expect(descending[0]! >= descending.at(-1)!).toBe(true);
    expect(ascending[0]! <= ascending.at(-1)!).toBe(true);
    expect(ascending[0]).not.toBe(descending[0]);
  });

  test('scrolling fetches the rows under the view, once per page', async () => {
    const { store } = await syncedStore();
    await store.getState().refresh();
    store.getState().ensureRows(alertPageSize * 2 + 10, alertPageSize * 2 + 40);
    store.getState().ensureRows(alertPageSize * 2 + 10, alertPageSize * 2 + 40);
    await new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe((state) => state.pages.has(2) && (unsubscribe(), resolve()));
    });
    expect([...store.getState().pages.keys()].sort()).toEqual([0, 2]);
    expect(store.getState().rowAt(alertPageSize * 2 + 10)).toBeDefined();
  });

  test('the selected alert stays selected when new alerts arrive and the table refreshes', async () => {
    const { profileId, store } = await syncedStore();
    await store.getState().refresh();
    store.getState().select(3);
    const selected = store.getState().rowAt(3)!.id;
    store.getState().openDetail(selected);

    sims.firewall.addAlerts(2);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    await store.getState().refresh();

    const { selectedIndex, openAlertId } = store.getState();
    expect(selectedIndex).not.toBeNull();
    expect(store.getState().rowAt(selectedIndex!)!.id).toBe(selected);
    expect(openAlertId).toBe(selected);
  });

  test('a filter that matches fewer rows than the selected position drops the selection', async () => {
    const { store } = await syncedStore();
    await store.getState().refresh();
    store.getState().select(200);
    store.getState().setFilter({ text: 'no-such-signature-anywhere' });
    await firstPage(store);
    expect(store.getState().total).toBe(0);
    expect(store.getState().selectedIndex).toBeNull();
  });

  test('a shift-click checks the rows between by their ids; a new filter clears the checks', async () => {
    const { store } = await syncedStore();
    await store.getState().refresh();
    store.getState().check((checks, rows) => toggleRow(toggleRow(checks, 0, false, rows), 2, true, rows));
    expect([...store.getState().checks.ids]).toEqual([0, 1, 2].map((index) => store.getState().rowAt(index)!.id));

    store.getState().setFilter({ severity: ['critical'] });
    expect(store.getState().checks.ids.size).toBe(0);
    await firstPage(store);
  });
});
