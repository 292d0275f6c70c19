// A user who picks 简体中文 reads the firewall views in Chinese, main's errors included, with
// dates and numbers in the chosen language, not the system's (English here).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { expectNoEnglish } from '../support/no-english.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-fw-zh-' });

const firewallPanel = (page: Page) => page.getByRole('tabpanel', { name: '防火墙' });

async function openSection(page: Page, name: string): Promise<Locator> {
  await firewallPanel(page).getByRole('navigation', { name: '防火墙分区' }).getByRole('button', { name }).click();
  return firewallPanel(page).getByRole('region', { name });
}

describe('the firewall views in 简体中文', () => {
  test('severities, dates, counts and every error from main are in Chinese; nothing English is left', { timeout: 90_000 }, async () => {
    const firewall = await e2e.serve(new FirewallSim({ seed: 11, alertCount: 0, caPem: e2e.ca.certPem }));
    firewall.addAlerts(60);
    const app = await e2e.openApp({ locale: 'en-US', backgroundSync: true });
    const { page, services } = app;
    services.preferences.setLanguage('zh-CN');
    const profile = await services.profiles.save(
      firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
    );
    await services.firewall.syncNow(profile.id);
    await page.reload();

    // The table: its count, severities and times in Chinese, not the system's US English.
    const panel = firewallPanel(page);
    await expect.poll(() => panel.getByRole('status', { name: '匹配的告警' }).innerText(), { timeout: 20_000 }).toBe('60 条告警');
    const grid = panel.getByRole('grid', { name: '告警' });
    const cells = (column: number) =>
      grid.locator('.vt-body [role="row"]').evaluateAll((rows, index) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[index] as HTMLElement).innerText.trim()), column);
    // The first cell of a row is its check box.
    const [severities, times] = [await cells(1), await cells(2)];
    expect(severities.length).toBeGreaterThan(5);
    expect(severities.filter((severity) => !['严重', '高', '中', '低'].includes(severity))).toEqual([]);
    // This year's alerts leave the year out; an alert of another year keeps it.
    expect(times.filter((time) => !/^(\d{4}年)?\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}:\d{2}$/.test(time))).toEqual([]);
    await expectNoEnglish(panel);

    // The appliance goes away: the detail says so, in Chinese (the banner says why).
    await firewall.close();
    await grid.getByRole('rowgroup').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const detail = panel.getByRole('complementary');
    await expect.poll(() => detail.innerText(), { timeout: 15_000 }).toContain('设备离线：');
    await detail.getByRole('button', { name: /^封禁来源/ }).click();
    const confirmation = page.getByRole('dialog', { name: /^封禁 .*？$/ });
    await expectNoEnglish(confirmation);
    await confirmation.getByRole('button', { name: '封禁', exact: true }).click();
    // Away, the block waits in the outbox and goes when the appliance is back; what says so is Chinese too.
    await expect.poll(() => confirmation.count(), { timeout: 15_000 }).toBe(0);
    await expectNoEnglish(detail);

    // The sync line says the appliance is offline.
    await panel.getByRole('button', { name: '立即同步' }).click();
    const syncLine = panel.getByRole('status', { name: '同步' });
    await expect.poll(() => syncLine.innerText(), { timeout: 15_000 }).toContain('离线');
    await expectNoEnglish(syncLine);

    // The lists read from the appliance say why they could not be read.
    for (const section of ['放行列表', '域名规则']) {
      const region = await openSection(page, section);
      await expect.poll(() => region.getByRole('alert').count(), { timeout: 15_000 }).toBe(1);
      await expectNoEnglish(region);
    }
    await expectNoEnglish(await openSection(page, '封禁列表'));
  });
});
