// Settings → Notifications in the window: what a desktop notification shows and quiet hours, saved
// as the analyst changes them, shaping the next desktop notification, there again after a restart,
// and the quiet-hours summary's click opening the center.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { QUIET_SUMMARY_ID, type RaisedNotification } from '../../src-main/core/notifications/notification-center.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { expectNoEnglish } from '../support/no-english.ts';

const e2e = setUpE2e();
const MINUTE = 60_000;

/** The Settings tab's Notifications section: the open tab (a restart brings it back) or one opened from the picker. */
async function openSettings(page: Page) {
  if ((await page.getByRole('tab', { name: 'Settings' }).count()) === 0) {
    await page.keyboard.press('Control+t');
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');
  }
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('tabpanel', { name: 'Settings' }).getByRole('region', { name: 'Notifications' });
  await section.getByLabel('Firewall: alerts and blocks').waitFor();
  return section;
}

const blockOf = (ip: string): RaisedNotification => ({
  kind: 'block-created',
  profileId: null,
  groupKey: null,
  count: 1,
  desktop: true,
  describe: () => ({ title: 'New block', body: `Branch office: ${ip}`, target: null }),
});

describe('Settings → Notifications', () => {
  test('what a desktop notification shows and the quiet hours are saved as chosen, shape the next notification, and are there after a restart', async () => {
    // Noon: the quiet hours chosen below begin tonight.
    const clock = new FakeClock(new Date(2026, 2, 10, 12, 0).getTime());
    const first = await e2e.openApp({ clock });
    // The center's panel links to the section: Settings opens there, its heading focused.
    await first.page.getByRole('button', { name: /^Notifications/ }).click();
    await first.page.getByRole('dialog', { name: 'Notification center' }).getByRole('button', { name: 'Privacy and quiet hours…' }).click();
    const section = await openSettings(first.page);
    await expect.poll(() => section.getByRole('heading', { name: 'Notifications' }).evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect(await first.page.getByRole('dialog', { name: 'Notification center' }).count()).toBe(0);
    const support = section.getByLabel('Support: tickets and visitor messages');
    const firewall = section.getByLabel('Firewall: alerts and blocks');
    expect(await support.inputValue()).toBe('kind-and-severity');
    expect(await firewall.inputValue()).toBe('everything');
    expect(await section.innerText()).toContain('no addresses, names, subjects, e-mails or phone numbers');

    await firewall.selectOption({ label: 'A count only' });
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Saved.');
    expect(await section.innerText()).toContain('Only how many, such as “3 new items in OpsDesk”.');
    // The switch shows main's settings: its change is drawn when the query layer tells the view, a task after the click.
    const quiet = section.getByRole('switch', { name: 'Hold desktop notifications back during quiet hours' });
    await quiet.click();
    await expect.poll(() => quiet.isChecked()).toBe(true);
    await section.getByLabel('From', { exact: true }).fill('23:30');
    await section.getByLabel('To', { exact: true }).fill('06:15');
    await expect.poll(() => first.services.notifications.settings().quietHours).toEqual({ on: true, from: '23:30', to: '06:15' });
    expect(first.services.notifications.settings().desktopPrivacy).toEqual({ support: 'kind-and-severity', firewall: 'count' });

    first.services.notifications.raise(blockOf('198.51.100.23'));
    expect(first.platform.notifications.at(-1)).toMatchObject({ title: 'OpsDesk', body: '1 new item in OpsDesk' });
    await first.close();

    const again = await e2e.openApp({ clock, dataDir: first.dataDir });
    const reopened = await openSettings(again.page);
    expect(await reopened.getByLabel('Firewall: alerts and blocks').inputValue()).toBe('count');
    expect(await reopened.getByLabel('Support: tickets and visitor messages').inputValue()).toBe('kind-and-severity');
    expect(await reopened.getByRole('switch', { name: 'Hold desktop notifications back during quiet hours' }).isChecked()).toBe(true);
    expect([await reopened.getByLabel('From', { exact: true }).inputValue(), await reopened.getByLabel('To', { exact: true }).inputValue()]).toEqual(['23:30', '06:15']);
    await reopened.scrollIntoViewIfNeeded();
    await shot(again.page, 'notification-settings-1280x800-en');

    // Tonight a block stays off the desktop; the summary at 06:15 opens the center when clicked.
    await clock.advance(11 * 60 * MINUTE + 45 * MINUTE);
    again.services.notifications.raise(blockOf('203.0.113.7'));
    expect(again.platform.notifications).toEqual([]);
    await clock.advance(6 * 60 * MINUTE + 30 * MINUTE);
    expect(again.platform.notifications).toEqual([{ id: QUIET_SUMMARY_ID, title: 'Quiet hours are over', body: 'While quiet: 1 new item in OpsDesk' }]);
    again.platform.click(QUIET_SUMMARY_ID);
    const center = again.page.getByRole('dialog', { name: 'Notification center' });
    await expect.poll(() => center.innerText()).toContain('Branch office: 203.0.113.7');

    await reopened.getByRole('heading', { name: 'Notifications' }).click();
    await expect.poll(() => center.count()).toBe(0);
    await again.page.getByRole('tabpanel', { name: 'Settings' }).getByLabel('Display language').selectOption('zh-CN');
    const inChinese = again.page.getByRole('tabpanel', { name: '设置' }).getByRole('region', { name: '通知' });
    await expect.poll(() => inChinese.getByLabel('防火墙：告警和封禁').inputValue()).toBe('count');
    expect(await inChinese.innerText()).toContain('只显示数量');
    await expectNoEnglish(inChinese);
    await inChinese.scrollIntoViewIfNeeded();
    await shot(again.page, 'notification-settings-1280x800-zh-CN');
  });
});
