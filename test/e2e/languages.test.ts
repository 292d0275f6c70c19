import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { expectNoEnglish } from '../support/no-english.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 50 } });

async function openFromPicker(page: Page, filter: string) {
  await page.keyboard.press('Control+t');
  await page.keyboard.type(filter);
  await page.keyboard.press('Enter');
}

/** A keychain notice, a 403 with its code, an untrusted certificate and a view not set up yet. */
async function openWithFailures(options: { locale?: string; backgroundSync?: boolean } = {}): Promise<AppUnderTest> {
  const opened = await e2e.openApp({ ...options, keyStore: new SessionKeyStore('No Secret Service is running on this desktop.') });
  await opened.services.profiles.save(
    firewallProfile({ name: 'Restricted appliance', baseUrl: e2e.sims.firewall.url, apiKey: e2e.sims.firewall.keys.ipRestricted, caPem: e2e.ca.certPem, requestsPerSecond: 10 }),
  );
  await opened.services.profiles.save({
    service: 'gateway',
    name: 'Self-signed gateway',
    baseUrl: e2e.sims.gateway.url,
    apiKey: e2e.sims.gateway.keys.demo,
    trust: { mode: 'system' },
    settings: { rateTier: 600 },
  });
  await opened.page.reload();
  await opened.page.getByRole('tablist').waitFor();
  return opened;
}

describe('languages', () => {
  test('a language whose words cannot be loaded leaves the window as it was and says so; Try again loads them', async () => {
    const { page } = await e2e.openApp();
    const catalogChunk = /\/zh-CN-[^/]*\.js$/;
    await page.route(catalogChunk, (route) => route.abort('failed'));
    await openFromPicker(page, 'Settings');
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    await settings.getByLabel('Display language').selectOption('zh-CN');
    const notice = settings.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect.poll(() => notice.innerText()).toContain('The words for 简体中文 could not be loaded, so the window stays in the language it shows.');
    expect(await settings.getByRole('heading', { name: 'Language', exact: true }).count()).toBe(1);

    await page.unroute(catalogChunk);
    await notice.getByRole('button', { name: 'Try again' }).click();
    const inChinese = page.getByRole('tabpanel', { name: '设置' });
    await expect.poll(() => inChinese.getByRole('heading', { name: '语言', exact: true }).count()).toBe(1);
    expect(await inChinese.getByRole('alert').filter({ hasText: '无法加载' }).count()).toBe(0);
  });

  test('switching to 简体中文 in Settings words every view, dialog and error in Chinese at once; it is remembered; switching back restores English', { timeout: 90_000 }, async () => {
    const app = await openWithFailures({ backgroundSync: true });
    const { page } = app;
    const firewallInEnglish = page.getByRole('tabpanel', { name: 'Firewall' });
    // The banner's one line, and the refusal behind Details.
    const details = (view: Locator, words: string) => view.getByRole('region', { name: 'Connection' }).getByText(words, { exact: true });
    await details(firewallInEnglish, 'Details').click({ timeout: 15_000 });
    await expect.poll(() => firewallInEnglish.innerText(), { timeout: 15_000 }).toContain('Cannot reach Restricted appliance');
    // Told once: the banner says why; the sync line under it only that the appliance was not reached.
    const syncLine = firewallInEnglish.getByRole('status', { name: 'Sync' });
    await expect.poll(() => syncLine.innerText(), { timeout: 15_000 }).toContain('not reached (the banner below says why)');
    expect((await firewallInEnglish.innerText()).split("The firewall refused this computer's address")).toHaveLength(2);
    expect(await firewallInEnglish.innerText()).toContain('No alerts cached yet: the appliance has not been reached; the lines above say why.');
    await shot(page, 'languages-refused-once');

    await openFromPicker(page, 'Settings');
    await page.getByRole('tabpanel', { name: 'Settings' }).getByLabel('Display language').selectOption('zh-CN');

    // Settings: the keychain notice, the untrusted certificate of the gateway, the language picker.
    const settings = page.getByRole('tabpanel', { name: '设置' });
    await expect.poll(() => settings.innerText()).toContain('密钥仅在本次会话中保留。');
    expect(await settings.innerText()).toContain('No Secret Service is running on this desktop.');
    const gatewaySection = settings.getByRole('region', { name: '模型网关' });
    await gatewaySection.getByRole('button', { name: '测试连接' }).click();
    await expect.poll(() => gatewaySection.innerText(), { timeout: 15_000 }).toContain('证书不受此连接信任');
    await expectNoEnglish(settings);

    // The certificate dialog, its validity in local time with the certificate's own text on hover.
    await gatewaySection.getByRole('button', { name: '查看证书…' }).click();
    const prompt = page.getByRole('dialog', { name: '不受信任的证书' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await prompt.innerText()).toMatch(/颁发者[\s\S]*有效期[\s\S]*\d{4}年\d{1,2}月\d{1,2}日/);
    expect(await prompt.locator('time').first().getAttribute('title')).toMatch(/\d{4}-\d{2}-\d{2}T/);
    await expectNoEnglish(prompt);
    await prompt.getByRole('button', { name: '不信任' }).click();

    // The add-connection dialog and its field errors from main.
    await settings.getByRole('region', { name: '防火墙设备' }).getByRole('button', { name: '添加连接' }).click();
    const form = page.getByRole('dialog', { name: '添加防火墙设备连接' });
    await form.getByRole('button', { name: '保存并测试' }).click();
    await expect.poll(() => form.innerText()).toContain('请为连接命名');
    expect(await form.innerText()).toContain('有些字段需要修改。');
    await expectNoEnglish(form);
    await form.getByRole('button', { name: '取消' }).click();

    // Every view: a 403 with its code, an untrusted certificate, a view not set up yet.
    await page.getByRole('tab', { name: '防火墙' }).click();
    const firewall = page.getByRole('tabpanel', { name: '防火墙' });
    const firewallText = await firewall.innerText();
    expect(firewallText).toContain('无法访问 Restricted appliance');
    expect(firewallText).toContain('HTTP 403');
    expect(firewallText).toContain('forbidden_ip');
    expect(firewallText).toContain('防火墙拒绝了本机地址：它不在密钥的 IP 白名单中。');
    await expectNoEnglish(firewall);
    await page.getByRole('tab', { name: '对话' }).click();
    const chat = page.getByRole('tabpanel', { name: '对话' });
    // A background call makes no second connection, so it cannot tell a left-out intermediate from an untrusted issuer.
    await chat.getByRole('region', { name: '连接' }).getByText('详情', { exact: true }).click({ timeout: 15_000 });
    await expect.poll(() => chat.innerText(), { timeout: 15_000 }).toContain('证书的颁发者既未随证书发送，也不受此连接信任');
    await expectNoEnglish(chat);
    await page.getByRole('tab', { name: '客服' }).click();
    const tickets = page.getByRole('tabpanel', { name: '客服' });
    expect(await tickets.innerText()).toContain('尚未设置“客服”');
    await expectNoEnglish(tickets);

    // The view picker (which still finds a view by its English name) and the tab bar.
    await page.keyboard.press('Control+t');
    const picker = page.getByRole('dialog', { name: '打开视图' });
    expect(await picker.getByRole('textbox').getAttribute('placeholder')).toBe('打开视图…');
    await expectNoEnglish(picker);
    await page.keyboard.type('tickets');
    expect(await picker.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('客服'), expect.stringContaining('案件')]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: '关闭“防火墙”' }).count()).toBe(1);

    // Main follows: its menus are worded in Chinese, and the choice survives a restart of the window.
    expect(app.services.preferences.languageSetting()).toEqual({ choice: 'zh-CN' });
    expect(app.services.preferences.translator.t('menu.paste')).toBe('粘贴');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: '设置' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByRole('tab', { name: '设置' }).click();
    await page.getByRole('tabpanel', { name: '设置' }).getByLabel('显示语言').selectOption('en');
    const settingsAgain = page.getByRole('tabpanel', { name: 'Settings' });
    await expect.poll(() => settingsAgain.innerText()).toContain('Keys are kept for this session only.');
    await page.getByRole('tab', { name: 'Firewall' }).click();
    await details(page.getByRole('tabpanel', { name: 'Firewall' }), 'Details').click({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Firewall' }).innerText(), { timeout: 15_000 }).toContain(
      "The firewall refused this computer's address",
    );
    expect(app.services.preferences.translator.t('menu.paste')).toBe('Paste');
  });

  test('with no choice made the window follows the system language, and System names it', { timeout: 60_000 }, async () => {
    const app = await openWithFailures({ locale: 'zh-CN' });
    const { page } = app;
    const firewall = page.getByRole('tabpanel', { name: '防火墙' });
    await firewall.getByRole('region', { name: '连接' }).getByText('详情', { exact: true }).click({ timeout: 15_000 });
    await expect.poll(() => firewall.innerText(), { timeout: 15_000 }).toContain('HTTP 403');
    await openFromPicker(page, '设置');
    const settings = page.getByRole('tabpanel', { name: '设置' });
    const picker = settings.getByLabel('显示语言');
    expect(await picker.inputValue()).toBe('system');
    expect(await picker.locator('option:checked').innerText()).toBe('跟随系统（简体中文）');
  });
});
