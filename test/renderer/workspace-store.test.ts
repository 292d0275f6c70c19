import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { createAppServices } from '../../src-main/core/app-services.ts';
import type { AppServices } from '../../src-main/core/app-services.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { RecordingPlatform } from '../support/recording-platform.ts';

// The store reads window.opsdesk when it is imported, so the bridge is in place first.
const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-store-'));
const services: AppServices = await createAppServices({ dataDir, platform: new RecordingPlatform(), keyStore: new SessionKeyStore('test'), logSink: () => {} });
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });

afterAll(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { useWorkspaceStore, persistWorkspace } = await import('../../src-renderer/workspace/workspace-store.ts');
const views = () => useWorkspaceStore.getState().tabs.map((tab) => tab.view);
const active = () => useWorkspaceStore.getState().tabs.find((tab) => tab.id === useWorkspaceStore.getState().activeTabId)?.view;

beforeEach(() => {
  useWorkspaceStore.setState({ tabs: [], activeTabId: null, ready: false, pickerOpen: false });
  services.db.prepare("DELETE FROM settings WHERE key = 'workspace'").run();
});

describe('workspace store', () => {
  test('a first start opens Firewall, Tickets and Chat with Firewall active', async () => {
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['firewall', 'tickets', 'chat']);
    expect(active()).toBe('firewall');
  });

  test('closing the active tab activates its right neighbour, or the left one at the end', async () => {
    await useWorkspaceStore.getState().restore();
    const { tabs } = useWorkspaceStore.getState();
    useWorkspaceStore.getState().close(tabs[0]!.id);
    expect(active()).toBe('tickets');
    useWorkspaceStore.getState().activate(tabs[2]!.id);
    useWorkspaceStore.getState().close(tabs[2]!.id);
    expect(views()).toEqual(['tickets']);
    expect(active()).toBe('tickets');
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
    expect(active()).toBe('tickets');
    store.jump(9);
    expect(active()).toBe('settings');
    store.jump(7);
    expect(active()).toBe('settings');
    store.move(useWorkspaceStore.getState().activeTabId!, -5);
    expect(views()).toEqual(['settings', 'firewall', 'tickets', 'chat']);
  });

  test('show() goes to an open tab of that view instead of opening another', async () => {
    await useWorkspaceStore.getState().restore();
    useWorkspaceStore.getState().show('chat');
    expect(views()).toEqual(['firewall', 'tickets', 'chat']);
    expect(active()).toBe('chat');
    useWorkspaceStore.getState().show('settings');
    expect(views()).toEqual(['firewall', 'tickets', 'chat', 'settings']);
  });

  test('every change is saved through main and comes back on the next start', async () => {
    await useWorkspaceStore.getState().restore();
    const stop = persistWorkspace();
    useWorkspaceStore.getState().open('settings');
    useWorkspaceStore.getState().close(useWorkspaceStore.getState().tabs[1]!.id);
    await expect.poll(() => services.workspace.load()?.tabs.map((tab) => tab.view)).toEqual(['firewall', 'chat', 'settings']);
    stop();

    useWorkspaceStore.setState({ tabs: [], activeTabId: null, ready: false });
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['firewall', 'chat', 'settings']);
    expect(active()).toBe('settings');
  });

  test('a saved layout whose active tab is gone restores with the first tab active', async () => {
    services.workspace.save({ tabs: [{ id: 'tab-a', view: 'chat' }, { id: 'tab-b', view: 'settings' }], activeTabId: 'tab-gone' });
    await useWorkspaceStore.getState().restore();
    expect(views()).toEqual(['chat', 'settings']);
    expect(active()).toBe('chat');
  });
});
