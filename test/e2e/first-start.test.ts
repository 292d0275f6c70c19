// The first start, as a new analyst meets it: one welcome screen in every view while OpsDesk has no
// connection, the first connection added right there, and a support site the server names, not typed.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shotsAtSizes } from '../support/e2e-shots.ts';
import { expectNoEnglish } from '../support/no-english.ts';

const e2e = setUpE2e({ simulators: { alertCount: 20 } });

/** The machine is shared while the suite runs: answers from the simulators may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

async function fillConnection(form: Locator, { name, url, key }: { name: string; url: string; key: string }): Promise<void> {
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Address').fill(url);
  await form.getByLabel('API key').fill(key);
  await form.getByRole('radio', { name: 'Only a CA I import' }).check();
  await form.getByLabel('CA certificate (PEM)').fill(e2e.sims.ca.certPem);
}

/** Adds a support connection from the Support view's welcome screen, without a site. */
async function addSupportFromWelcome(app: AppUnderTest, key: string): Promise<void> {
  const { page } = app;
  await page.getByRole('tab', { name: 'Support' }).click();
  await panel(page, 'Support').getByRole('button', { name: 'Add a customer support connection' }).click();
  const form = page.getByRole('dialog', { name: 'Add customer support connection' });
  expect(await form.getByLabel('Site', { exact: true }).count()).toBe(0);
  expect(await form.innerText()).toContain('The site is found by the connection test');
  await fillConnection(form, { name: 'Help desk', url: e2e.sims.support.url, key });
  await form.getByRole('button', { name: 'Save and test' }).click();
  await form.waitFor({ state: 'detached' });
}

const savedSite = async (app: AppUnderTest) => ((await app.services.profiles.list()).profiles[0]?.settings as { site?: string } | undefined)?.site;

describe('the first start', () => {
  test('with no connection every view shows one welcome screen, and the first firewall is added from it', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    for (const view of ['Firewall', 'Support', 'Chat']) {
      await page.getByRole('tab', { name: view }).click();
      const shown = panel(page, view);
      await poll(() => shown.getByRole('heading', { name: 'Welcome to OpsDesk' }).count()).toBe(1);
      const text = await shown.innerText();
      expect(text).not.toContain('is not set up yet');
      for (const line of ['Its alerts, its block list', 'tickets, contacts, work items and knowledge base', 'A language model to chat with']) expect(text).toContain(line);
      expect(await shown.getByRole('button', { name: /^Add a .* connection$/ }).count()).toBe(3);
    }

    await page.getByRole('tab', { name: 'Firewall' }).click();
    await shotsAtSizes(page, 'first-start-welcome', { width: 1280, height: 800 });
    await panel(page, 'Firewall').getByRole('button', { name: 'Add a firewall appliance connection' }).click();
    const form = page.getByRole('dialog', { name: 'Add firewall appliance connection' });
    await fillConnection(form, { name: 'Branch firewall', url: e2e.sims.firewall.url, key: e2e.sims.firewall.keys.demo });
    await shotsAtSizes(page, 'first-start-add-firewall', { width: 1280, height: 800 });
    await form.getByRole('button', { name: 'Save and test' }).click();
    const connection = panel(page, 'Firewall').getByRole('region', { name: 'Connection' });
    await poll(() => connection.getByTitle('Connected to Branch firewall').count()).toBe(1);

    // With one connection, a view whose back end has none says so briefly, with the way to add one.
    await page.getByRole('tab', { name: 'Support' }).click();
    const support = panel(page, 'Support');
    await poll(() => support.innerText()).toContain('Support is not set up yet');
    expect(await support.getByRole('heading', { name: 'Welcome to OpsDesk' }).count()).toBe(0);
    await shotsAtSizes(page, 'first-start-support-not-set-up', { width: 1280, height: 800 });
    await support.getByRole('button', { name: 'Add a customer support connection' }).click();
    const supportForm = page.getByRole('dialog', { name: 'Add customer support connection' });
    await shotsAtSizes(page, 'first-start-add-support', { width: 1280, height: 800 });
    await supportForm.getByRole('button', { name: 'Cancel' }).click();
    expect(await support.getByRole('button', { name: 'Open Settings' }).count()).toBe(1);
  });

  test('in 简体中文 the welcome screen and its form say it all in Chinese', async () => {
    const { page } = await e2e.openApp({ locale: 'zh-CN' });
    const welcome = page.getByRole('tabpanel', { name: '防火墙' });
    await poll(() => welcome.getByRole('heading', { name: '欢迎使用 OpsDesk' }).count()).toBe(1);
    expect(await welcome.innerText()).toContain('告警、封禁列表和设备状态');
    await expectNoEnglish(welcome);
    await shotsAtSizes(page, 'first-start-welcome-zh', { width: 1280, height: 800 });
    await welcome.getByRole('button', { name: '添加客服系统连接' }).click();
    const form = page.getByRole('dialog', { name: '添加客服系统连接' });
    expect(await form.innerText()).toContain('站点由连接测试获得');
    await expectNoEnglish(form);
    await shotsAtSizes(page, 'first-start-add-support-zh', { width: 1280, height: 800 });
  });

  test('a support connection saved without a site takes the one site the server lists', async () => {
    e2e.sims.support.setMetaShape((meta, site) => ({ ...meta, sites: [{ id: site.id, name: site.name, api_channel: site.apiChannel }] }));
    try {
      const app = await e2e.openApp();
      await addSupportFromWelcome(app, e2e.sims.support.keys.eu);
      await poll(() => savedSite(app)).toBe('site-eu');
    } finally {
      e2e.sims.support.setMetaShape(null);
    }
  });

  test('a server that lists several sites: Settings offers them, the one it answered for first, and saves the one chosen', async () => {
    const app = await e2e.openApp();
    const { page } = app;
    await addSupportFromWelcome(app, e2e.sims.support.keys.eu);
    await page.keyboard.press('Control+t');
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');
    const row = panel(page, 'Settings').getByRole('listitem', { name: 'Help desk connection' });
    await row.getByRole('button', { name: 'Test connection' }).click();
    await poll(() => row.innerText()).toContain('The server lists several sites for this key');
    const choice = row.getByLabel('Site', { exact: true });
    expect(await choice.locator('option').allInnerTexts()).toEqual(['site-main', 'site-eu', 'site-closed']);
    expect(await choice.inputValue()).toBe('site-eu');
    expect(await savedSite(app)).toBe('');
    await shotsAtSizes(page, 'settings-support-site-choice', { width: 1280, height: 800 });
    await row.getByRole('button', { name: 'Use this site' }).click();
    await poll(() => savedSite(app)).toBe('site-eu');
    await poll(() => row.innerText()).not.toContain('The server lists several sites');
    // What the key may do, in words, as the test learned it.
    await poll(() => row.innerText()).toContain('A key for a coding tool or an internal agent. Can read tickets, reply to tickets');
    expect(await row.innerText()).not.toContain('ticket.read');
    await shotsAtSizes(page, 'settings-support-access', { width: 1280, height: 800 });

    // Editing it offers the listed sites, not a box to type in.
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit customer support connection' });
    expect(await form.getByLabel('Site', { exact: true }).evaluate((element) => element.tagName)).toBe('SELECT');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await panel(page, 'Settings').getByLabel('Display language').selectOption('zh-CN');
    const rowZh = panel(page, '设置').getByRole('listitem', { name: 'Help desk 连接' });
    await poll(() => rowZh.innerText()).toContain('用于编程工具或内部智能体的密钥。可以查看工单、回复工单');
    await shotsAtSizes(page, 'settings-support-access-zh', { width: 1280, height: 800 });
  });
});
