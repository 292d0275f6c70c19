// The window's own settings as main keeps them, through the stores that hold them and the real
// bridge: a filter being typed or a column's edge being dragged reaches main once it settles.
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

const { services, dispose } = await openTestServices();
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });
const { useTableLayoutStore, emptyLayout } = await import('../../src-renderer/ui/table-layout-store.ts');
const { useViewFilters } = await import('../../src-renderer/ui/view-filters-store.ts');

afterAll(async () => {
  await dispose();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock on, then lets a call a timer made reach main's service before the test looks. */
const settle = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
};

describe('window settings', () => {
  test('a dragged column is saved at the width it ends at, once it settles; each table on its own', async () => {
    const saves = vi.spyOn(services.views, 'saveTableLayout');
    const widen = (tableId: string, width: number) => useTableLayoutStore.getState().change(tableId, (layout) => ({ ...layout, widths: { ...layout.widths, source: width } }));
    for (const width of [120, 160, 210]) {
      widen('firewall.alerts', width);
      await settle(100);
    }
    widen('firewall.devices', 90);
    await settle(399 - 100);
    expect(saves).not.toHaveBeenCalled();
    await settle(1);
    expect(saves.mock.calls.map(([request]) => request)).toEqual([{ tableId: 'firewall.alerts', layout: { ...emptyLayout, widths: { source: 210 } } }]);
    await settle(100);
    expect(services.views.tableLayouts().tables).toEqual({ 'firewall.alerts': { ...emptyLayout, widths: { source: 210 } }, 'firewall.devices': { ...emptyLayout, widths: { source: 90 } } });
    saves.mockRestore();
  });

  test('a density is saved at once', async () => {
    useTableLayoutStore.getState().setDensity('compact');
    await vi.waitFor(() => expect(services.views.tableLayouts().density).toBe('compact'));
  });

  test('a filter being typed is kept once it settles, per connection and view', async () => {
    const keeps = vi.spyOn(services.views, 'keepViewFilter');
    for (const text of ['b', 'bl', 'blo']) {
      useViewFilters.getState().keep('sup-1', 'support.inbox', { text });
      await settle(100);
    }
    useViewFilters.getState().keep('sup-2', 'support.inbox', { text: 'other' });
    await settle(299);
    expect(keeps).not.toHaveBeenCalled();
    await settle(1);
    expect(keeps.mock.calls.map(([request]) => request)).toEqual([{ profileId: 'sup-1', viewId: 'support.inbox', filter: { text: 'blo' } }]);
    await settle(100);
    expect(keeps).toHaveBeenCalledTimes(2);
    expect(keeps.mock.calls[1]![0]).toEqual({ profileId: 'sup-2', viewId: 'support.inbox', filter: { text: 'other' } });
    keeps.mockRestore();
  });
});
