import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setUpE2e } from '../support/e2e-setup.ts';

const e2e = setUpE2e();

const tabTitles = (page: Page) => page.getByRole('tab').allInnerTexts();
const activeTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();

describe('tab workspace', () => {
  test('a new user starts with Firewall, Support and Chat, each saying what to set up', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat']);
    expect(await activeTab(page)).toBe('Firewall');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toContain('Firewall is not set up yet');

    await page.getByRole('tabpanel').getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat', 'Settings']);
    expect(await activeTab(page)).toBe('Settings');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toContain('OpsDesk\n0.0.0-test');
  });

  test('open, close and reorder with the mouse; reload restores the layout', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await page.getByRole('button', { name: 'Open a view' }).click();
    await page.getByRole('option', { name: /Settings/ }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat', 'Settings']);

    await page.getByRole('button', { name: 'Close Support' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Chat', 'Settings']);

    await page.getByRole('tab', { name: 'Settings' }).dragTo(page.getByRole('tab', { name: 'Firewall' }));
    await expect.poll(() => tabTitles(page)).toEqual(['Settings', 'Firewall', 'Chat']);
    await page.getByRole('tab', { name: 'Chat' }).click();

    await expect.poll(() => app.services.workspace.load()?.tabs.map((tab) => tab.kind)).toEqual(['settings', 'firewall', 'chat']);
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['Settings', 'Firewall', 'Chat']);
    expect(await activeTab(page)).toBe('Chat');
  });

  test('keyboard: Ctrl+T picks a view, Ctrl+W closes, Ctrl+Tab cycles, Ctrl+digit jumps', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat']);

    await page.keyboard.press('Control+t');
    const picker = page.getByRole('dialog', { name: 'Open a view' });
    await expect.poll(() => picker.isVisible()).toBe(true);
    await page.keyboard.type('sett');
    await page.keyboard.press('Enter');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat', 'Settings']);
    expect(await activeTab(page)).toBe('Settings');

    await page.keyboard.press('Control+t');
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);

    await page.keyboard.press('Control+1');
    expect(await activeTab(page)).toBe('Firewall');
    await page.keyboard.press('Control+Tab');
    expect(await activeTab(page)).toBe('Support');
    await page.keyboard.press('Control+Shift+Tab');
    await page.keyboard.press('Control+Shift+Tab');
    expect(await activeTab(page)).toBe('Settings');
    await page.keyboard.press('Control+9');
    expect(await activeTab(page)).toBe('Settings');
    await page.keyboard.press('Control+3');
    expect(await activeTab(page)).toBe('Chat');

    await page.keyboard.press('Control+Shift+PageUp');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Chat', 'Support', 'Settings']);

    await page.keyboard.press('Control+w');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Settings']);
    expect(await activeTab(page)).toBe('Support');
  });

  test('a tab holding one alert comes back after a reload with its title, and closes like any tab', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat']);
    app.services.workspace.save({
      tabs: [
        { id: 'tab-firewall', kind: 'firewall' },
        { id: 'tab-alert', kind: 'alert', params: { profileId: 'fw-gone', alertId: 123 } },
      ],
      activeTabId: 'tab-alert',
    });
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Alert 123']);
    expect(await activeTab(page)).toBe('Alert 123');
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Alert 123' }).innerText()).toContain(
      'Alert 123: its connection no longer exists',
    );
    await page.getByRole('button', { name: 'Close Alert 123' }).click();
    await expect.poll(() => app.services.workspace.load()?.tabs.map((tab) => tab.kind)).toEqual(['firewall']);
  });

  test('a view that throws shows its error panel while the other tabs keep working', async () => {
    const brokenChannels = new Set(['app:diagnostics']);
    const app = await e2e.openApp({ brokenChannels });
    const { page } = app;
    await page.keyboard.press('Control+t');
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');

    const settingsPanel = page.getByRole('tabpanel', { name: 'Settings' });
    await expect.poll(() => settingsPanel.getByRole('alert').innerText()).toContain('The Settings view stopped working');
    expect(await settingsPanel.innerText()).toContain('The connection to the main process was lost (app:diagnostics)');

    await page.getByRole('tab', { name: 'Support' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Support' }).innerText()).toContain('Support is not set up yet');
    await page.keyboard.press('Control+w');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Chat', 'Settings']);

    brokenChannels.clear();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await settingsPanel.getByRole('button', { name: 'Reload view' }).click();
    await expect.poll(() => settingsPanel.innerText()).toContain('OpsDesk\n0.0.0-test');
  });
});
