import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { viewKinds } from '../../src-shared/contract/workspace.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

// The store reads window.opsdesk when it is imported, so the bridge is in place first.
const { services, dispose } = await openTestServices();
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });

afterAll(async () => {
  await dispose();
});

const { useWorkspaceStore, persistWorkspace } = await import('../../src-renderer/navigation/workspace-store.ts');
const { tabTitle, viewRegistry } = await import('../../src-renderer/shell/view-registry.ts');
const views = () => useWorkspaceStore.getState().tabs.map((tab) => tab.kind);
const activeTab = () => useWorkspaceStore.getState().tabs.find((tab) => tab.id === useWorkspaceStore.getState().activeTabId);
const active = () => activeTab()?.kind;
const { t } = createTranslator('en');
const titles = () => useWorkspaceStore.getState().tabs.map((tab) => tabTitle(tab, t));
const saveRawLayout = (value: unknown) =>
  services.db.prepare("INSERT INTO settings (key, value) VALUES ('workspace', ?)").run(JSON.stringify(value));

beforeEach(() => {
  useWorkspaceStore.setState({ tabs: [], activeTabId: null, ready: false, pickerOpen: false });
  services.db.prepare("DELETE FROM settings WHERE key = 'workspace'").run();
});

describe('workspace store', () => {
  test('a first start opens Firewall, Support and Chat with Firewall active', async () => {
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['firewall', 'support', 'chat']);
    expect(active()).toBe('firewall');
  });

  test('closing the active tab activates its right neighbour, or the left one at the end', async () => {
    await useWorkspaceStore.getState().restore();
    const { tabs } = useWorkspaceStore.getState();
    useWorkspaceStore.getState().close(tabs[0]!.id);
    expect(active()).toBe('support');
    useWorkspaceStore.getState().activate(tabs[2]!.id);
    useWorkspaceStore.getState().close(tabs[2]!.id);
    expect(views()).toEqual(['support']);
    expect(active()).toBe('support');
    useWorkspaceStore.getState().close(tabs[1]!.id);
    expect(useWorkspaceStore.getState().activeTabId).toBeNull();
  });

  test('cycling wraps around; 9 jumps to the last tab; moving clamps to the ends', async () => {
    await useWorkspaceStore.getState().restore();
    const store = useWorkspaceStore.getState();
    store.open('settings');
    store.cycle(1);
    expect(active()).toBe('firewall');
    store.cycle(-1);
    expect(active()).toBe('settings');
    store.jump(2);
    expect(active()).toBe('support');
    store.jump(9);
    expect(active()).toBe('settings');
    store.jump(7);
    expect(active()).toBe('settings');
    store.move(useWorkspaceStore.getState().activeTabId!, -5);
    expect(views()).toEqual(['settings', 'firewall', 'support', 'chat']);
  });

  test('navigate() goes to an open tab of that view instead of opening another', async () => {
    await useWorkspaceStore.getState().restore();
    useWorkspaceStore.getState().navigate({ kind: 'chat' });
    expect(views()).toEqual(['firewall', 'support', 'chat']);
    expect(active()).toBe('chat');
    useWorkspaceStore.getState().navigate({ kind: 'settings' });
    expect(views()).toEqual(['firewall', 'support', 'chat', 'settings']);
  });

  test('a link to a part of Settings goes to the one Settings tab, at that part; Settings opened plainly after it stays one tab', async () => {
    await useWorkspaceStore.getState().restore();
    const { navigate } = useWorkspaceStore.getState();
    navigate({ kind: 'settings' });
    navigate({ kind: 'firewall' });
    navigate({ kind: 'settings', params: { section: 'firewall' } });
    expect(views()).toEqual(['firewall', 'support', 'chat', 'settings']);
    expect(activeTab()).toMatchObject({ kind: 'settings', params: { section: 'firewall' } });
    navigate({ kind: 'support' });
    navigate({ kind: 'settings', params: { section: 'support' } });
    expect(activeTab()).toMatchObject({ kind: 'settings', params: { section: 'support' } });
    navigate({ kind: 'settings' });
    expect(views().filter((kind) => kind === 'settings')).toHaveLength(1);
  });

  test('navigate() with an item opens a tab titled by it, and focuses that tab when asked for the same item again', async () => {
    await useWorkspaceStore.getState().restore();
    const store = useWorkspaceStore.getState();
    store.navigate({ kind: 'alert', params: { profileId: 'fw-1', alertId: '123' } });
    expect(titles()).toEqual(['Firewall', 'Support', 'Chat', 'Alert 123']);
    expect(activeTab()?.params).toEqual({ profileId: 'fw-1', alertId: '123' });

    store.navigate({ kind: 'alert', params: { profileId: 'fw-1', alertId: 'A-7' } });
    store.navigate({ kind: 'alert', params: { profileId: 'fw-2', alertId: '123' } });
    expect(titles()).toEqual(['Firewall', 'Support', 'Chat', 'Alert 123', 'Alert A-7', 'Alert 123']);

    store.activate(useWorkspaceStore.getState().tabs[0]!.id);
    store.navigate({ kind: 'alert', params: { alertId: '123', profileId: 'fw-1' } });
    expect(titles()).toHaveLength(6);
    expect(activeTab()?.params).toEqual({ profileId: 'fw-1', alertId: '123' });
    // An item view is not the plain view of its kind: the Firewall tab is not an alert.
    store.navigate({ kind: 'firewall' });
    expect(active()).toBe('firewall');
    expect(titles()).toHaveLength(6);
  });

  test('item tabs come back with their items after a restart', async () => {
    await useWorkspaceStore.getState().restore();
    const stop = persistWorkspace();
    useWorkspaceStore.getState().navigate({ kind: 'alert', params: { profileId: 'fw-1', alertId: '42' } });
    await expect.poll(() => services.workspace.load()?.tabs.at(-1)?.params).toEqual({ profileId: 'fw-1', alertId: '42' });
    stop();

    useWorkspaceStore.setState({ tabs: [], activeTabId: null, ready: false });
    await useWorkspaceStore.getState().restore();
    expect(titles()).toEqual(['Firewall', 'Support', 'Chat', 'Alert 42']);
    expect(activeTab()?.params).toEqual({ profileId: 'fw-1', alertId: '42' });
  });

  test('a layout saved before tabs held items still loads; a tab that no longer parses is dropped alone', async () => {
    saveRawLayout({
      tabs: [{ id: 'tab-a', view: 'chat' }, { id: 'tab-b', view: 'reports' }, { id: 'tab-c', view: 'settings' }],
      activeTabId: 'tab-c',
    });
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['chat', 'settings']);
    expect(active()).toBe('settings');
  });

  test('a layout saved when the Support view was called tickets comes back with it; a tab whose item no longer fits its kind is dropped alone', async () => {
    saveRawLayout({
      tabs: [
        { id: 'tab-a', kind: 'tickets', params: { profileId: 'sup-1', section: 'contacts' } },
        { id: 'tab-b', kind: 'alert', params: { profileId: 'fw-1' } },
        { id: 'tab-c', kind: 'ticket', params: { profileId: 'sup-1', ticketId: 't_9' } },
        { id: 'tab-d', kind: 'block', params: { profileId: 'fw-1', entryId: 7 } },
      ],
      activeTabId: 'tab-c',
    });
    await useWorkspaceStore.getState().restore();
    expect(useWorkspaceStore.getState().tabs).toEqual([
      { id: 'tab-a', kind: 'support', params: { profileId: 'sup-1', section: 'contacts' } },
      { id: 'tab-c', kind: 'ticket', params: { profileId: 'sup-1', ticketId: 't_9' } },
    ]);
    expect(active()).toBe('ticket');
  });

  test('main refuses a tab that does not name its item, or names one too long to keep', async () => {
    // @ts-expect-error: the type refuses it too, but main must not trust the window's types
    const unnamed = await bridge.workspace.save({ tabs: [{ id: 'tab-a', kind: 'alert', params: { profileId: 'fw-1' } }], activeTabId: 'tab-a' });
    expect(unnamed.ok).toBe(false);
    const longValue = await bridge.workspace.save({
      tabs: [{ id: 'tab-a', kind: 'alert', params: { profileId: 'fw-1', alertId: 'x'.repeat(201) } }],
      activeTabId: 'tab-a',
    });
    expect(longValue.ok).toBe(false);
    expect(services.workspace.load()).toBeNull();
  });

  test('the view registry names exactly the kinds main accepts', () => {
    expect(Object.keys(viewRegistry).sort()).toEqual([...viewKinds].sort());
  });

  test('every change is saved through main and comes back on the next start', async () => {
    await useWorkspaceStore.getState().restore();
    const stop = persistWorkspace();
    useWorkspaceStore.getState().open('settings');
    useWorkspaceStore.getState().close(useWorkspaceStore.getState().tabs[1]!.id);
    await expect.poll(() => services.workspace.load()?.tabs.map((tab) => tab.kind)).toEqual(['firewall', 'chat', 'settings']);
    stop();

    useWorkspaceStore.setState({ tabs: [], activeTabId: null, ready: false });
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['firewall', 'chat', 'settings']);
    expect(active()).toBe('settings');
  });

  test('a saved layout whose active tab is gone restores with the first tab active', async () => {
    services.workspace.save({ tabs: [{ id: 'tab-a', kind: 'chat' }, { id: 'tab-b', kind: 'settings' }], activeTabId: 'tab-gone' });
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['chat', 'settings']);
    expect(active()).toBe('chat');
  });
});
