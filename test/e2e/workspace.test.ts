import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';

const e2e = setUpE2e();

const tabTitles = (page: Page) => page.getByRole('tab').allInnerTexts();
const activeTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();

describe('tab workspace', () => {
  test('a new user starts with Firewall, Support and Chat, each showing the welcome screen; Settings opens from the palette', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat']);
    expect(await activeTab(page)).toBe('Firewall');
    await expect.poll(() => page.getByRole('tabpanel').innerText()).toContain('Welcome to OpsDesk');

    await page.keyboard.press('Control+t');
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');
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
        { id: 'tab-alert', kind: 'alert', params: { profileId: 'fw-gone', alertId: '123' } },
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
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Support' }).innerText()).toContain('Welcome to OpsDesk');
    await page.keyboard.press('Control+w');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Chat', 'Settings']);

    brokenChannels.clear();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await settingsPanel.getByRole('button', { name: 'Reload view' }).click();
    await expect.poll(() => settingsPanel.innerText()).toContain('OpsDesk\n0.0.0-test');
  });

  test('many tabs: titles capped with the whole title on hover, the active tab always in sight, a menu of every tab, and the shortcuts sheet', async () => {
    const app = await e2e.openApp({ viewport: { width: 1024, height: 700 } });
    const { page } = app;
    for (let opened = 0; opened < 8; opened += 1) {
      await page.keyboard.press('Control+t');
      await page.keyboard.type('Activity');
      await page.keyboard.press('Enter');
    }
    const address = '2001:db8:85a3:1234:5678:8a2e:370:7334';
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill(address);
    await page.locator(`[data-answer-for="${address}"]`).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTab(page)).toBe(address);
    expect(await tabTitles(page)).toHaveLength(12);

    const strip = page.getByRole('tablist');
    const inSight = (name: string) =>
      page.getByRole('tab', { name, exact: true, selected: true }).evaluate((tab) => {
        const [box, frame] = [tab.getBoundingClientRect(), tab.closest('[role="tablist"]')!.getBoundingClientRect()];
        return box.left >= frame.left - 1 && box.right <= frame.right + 1;
      });
    expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth), 'twelve tabs overflow a 1024 px strip').toBe(true);
    await expect.poll(() => inSight(address)).toBe(true);
    const capped = page.getByRole('tab', { name: address });
    expect(await capped.getAttribute('title')).toBe(address);
    expect(await capped.evaluate((tab) => [tab.clientWidth <= 220, tab.scrollWidth > tab.clientWidth])).toEqual([true, true]);
    await shot(page, 'tabs-overflow-active-last');

    await page.keyboard.press('Control+1');
    await expect.poll(() => inSight('Firewall')).toBe(true);

    await page.getByRole('button', { name: 'All tabs (12 open)' }).click();
    const menu = page.getByRole('menu', { name: 'Every open tab' });
    expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual(await tabTitles(page));
    expect(await menu.getByRole('menuitemradio', { checked: true }).innerText()).toBe('Firewall');
    await shot(page, 'tabs-overflow-menu');
    await menu.getByRole('menuitemradio', { name: address }).click();
    await expect.poll(() => menu.count()).toBe(0);
    expect(await activeTab(page)).toBe(address);
    await expect.poll(() => inSight(address)).toBe(true);

    await page.keyboard.press('Control+/');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => sheet.innerText()).toMatch(/Search the cache or run a command\s*Ctrl\s*\+\s*K/);
    expect(await sheet.innerText()).toMatch(/Close the tab\s*Ctrl\s*\+\s*W/);
    await shot(page, 'keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
  });
});
