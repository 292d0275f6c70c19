// The activity log as an analyst meets it: a block made in the window is there with the
// appliance's request id; a support write made while the help desk is down is there as queued,
// then as sent; the log filters, exports CSV with formula cells made text, and survives a restart.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIREWALL_API_PREFIX, FirewallSim, SupportSim } from '../sim/index.ts';
import { openApp } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { freePort } from '../support/free-port.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-activity-' });

const hostileName = "=cmd|' /C calc'!A0";
const activityPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Activity' });
const rows = (page: Page) => activityPanel(page).getByRole('rowgroup', { name: 'Activity entries' }).getByRole('row');
const rowTexts = (page: Page) => rows(page).allInnerTexts();

async function openActivity(page: Page): Promise<void> {
  await page.keyboard.press('Control+t');
  await page.getByRole('dialog', { name: 'Open a view' }).waitFor();
  await page.keyboard.type('Activ');
  await page.keyboard.press('Enter');
  await activityPanel(page).waitFor();
}

describe('the activity log', () => {
  test('records a block with the appliance request id and a queued support write until it is sent; filters, exports, survives a restart', async () => {
    /** Same seed, same keys: started again on its old port, it is the same help desk after a restart. */
    const startSupport = (port = 0) => e2e.serve(new SupportSim({ seed: 3, caPem: e2e.ca.certPem }), port);
    const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }));
    firewall.addAlerts(20);
    let support = await startSupport();
    const first = await openApp(e2e.browser, { backgroundSync: true });
    const { page, services, platform } = first;
    const firewallId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.demo, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
    const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: support.url, apiKey: support.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }))).id;
    await page.reload();

    // Block the newest alert's source through the window.
    const firewallView = page.getByRole('tabpanel', { name: 'Firewall' });
    await firewallView.getByRole('button', { name: 'Sync now' }).click();
    const alerts = firewallView.getByRole('grid', { name: 'Alerts' });
    await expect.poll(() => firewallView.getByRole('status', { name: 'Matching alerts' }).innerText(), { timeout: 20_000 }).toBe('20 alerts');
    await alerts.getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const detail = firewallView.getByRole('complementary', { name: /^Alert / });
    const blockButton = detail.getByRole('button', { name: /^Block source / });
    const sourceIp = (await blockButton.innerText()).replace('Block source ', '').trim();
    await blockButton.click();
    await page.getByRole('dialog', { name: `Block ${sourceIp}?` }).getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => detail.getByRole('status').innerText(), { timeout: 15_000 }).toContain(`The block list holds ${sourceIp}`);
    const blockRequest = firewall.requests.findLast((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}/blocklist`);
    expect(blockRequest?.requestId).toMatch(/^req_/);
    // The alert's own history shows it.
    const history = detail.getByRole('region', { name: 'History of this item' });
    await expect.poll(() => history.innerText(), { timeout: 15_000 }).toContain('Block address');
    expect(await history.innerText()).toContain(blockRequest!.requestId);
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'activity-alert-history');

    // A policy with a name a spreadsheet would run, made through main as the policies form does.
    await services.firewallAdmin.policies.create(firewallId, { name: hostileName, action: 'deny' });

    // The help desk goes down; a ticket made now waits in the outbox.
    const { port } = support;
    await support.close();
    const write = await services.support.tickets.createTicket({ profileId: supportId, subject: 'Printer on fire', message: 'The customer says the printer is on fire.', offline: false });
    expect(write.state).toBe('queued');

    await openActivity(page);
    await expect.poll(() => rowTexts(page), { timeout: 15_000 }).toHaveLength(3);
    const [ticketRow, policyRow, blockRow] = await rowTexts(page);
    expect(blockRow).toContain('Block address');
    expect(blockRow).toContain(sourceIp);
    expect(blockRow).toContain(blockRequest!.requestId);
    expect(blockRow).toContain('Sent');
    expect(policyRow).toContain(hostileName);
    expect(ticketRow).toContain('Create ticket “Printer on fire”');
    expect(ticketRow).toMatch(/Queued: connection refused/);
    expect(ticketRow).not.toContain('on fire.');
    await shot(page, 'activity-queued');

    // Back up: the outbox sends it by itself, and the same row says so.
    support = await startSupport(port);
    await expect.poll(async () => (await rowTexts(page))[0], { timeout: 30_000 }).toMatch(/Sent/);
    expect(await rowTexts(page)).toHaveLength(3);
    const sentTicket = services.activity.list({ backEnds: ['support'] }, 0, 10).rows[0]!;
    expect(sentTicket.requestId).toMatch(/^req_/);
    expect(support.requests.map((request) => request.requestId)).toContain(sentTicket.requestId);

    // Filter: words, then an outcome chip, then a back end.
    const search = activityPanel(page).getByRole('searchbox', { name: 'Search the activity log' });
    await search.fill(sourceIp);
    await expect.poll(() => rowTexts(page)).toHaveLength(1);
    await search.fill('');
    await activityPanel(page).getByRole('group', { name: 'Outcome' }).getByRole('button', { name: 'Queued' }).click();
    await expect.poll(() => activityPanel(page).getByText('No entry matches these filters.').isVisible()).toBe(true);
    await activityPanel(page).getByRole('group', { name: 'Outcome' }).getByRole('button', { name: 'All' }).click();
    await activityPanel(page).getByRole('combobox', { name: 'Back end' }).selectOption({ label: 'Support' });
    await expect.poll(() => rowTexts(page)).toHaveLength(1);
    await activityPanel(page).getByRole('combobox', { name: 'Back end' }).selectOption({ label: 'All back ends' });
    await expect.poll(() => rowTexts(page)).toHaveLength(3);

    // Export: every row, the hostile name written as text.
    platform.savePath = path.join(e2e.scratch, 'activity.csv');
    await activityPanel(page).getByRole('button', { name: 'Export CSV' }).click();
    await expect.poll(() => activityPanel(page).getByRole('status').filter({ hasText: 'Saved' }).innerText(), { timeout: 15_000 }).toBe(`Saved 3 entries to ${platform.savePath}`);
    const csv = await readFile(platform.savePath, 'utf8');
    expect(csv).toContain(`'${hostileName}`);
    expect(csv.split('\n').filter((line) => /(^|,)"?[=+@-]/.test(line))).toEqual([]);
    expect(csv).not.toContain(firewall.keys.demo);
    expect(csv).not.toContain(support.keys.demo);
    await expect.poll(() => rowTexts(page)).toHaveLength(4);
    expect((await rowTexts(page))[0]).toContain('Export activity log as CSV');
    await shot(page, 'activity-log');

    // A target is a link: the ticket opens in its tab, with its own history.
    await rows(page).nth(1).getByRole('button', { name: /^Ticket tkt_/ }).click();
    const ticketHistory = page.getByRole('tabpanel', { name: 'Printer on fire' }).getByRole('region', { name: 'History of this item' });
    await expect.poll(() => ticketHistory.innerText(), { timeout: 15_000 }).toContain('Create ticket “Printer on fire”');
    expect(await ticketHistory.innerText()).toContain(sentTicket.requestId);
    await ticketHistory.scrollIntoViewIfNeeded();
    await shot(page, 'activity-ticket-history');

    // A restart keeps the log.
    await first.close();
    const again = await e2e.openApp({ dataDir: first.dataDir });
    await openActivity(again.page);
    await expect.poll(() => rowTexts(again.page), { timeout: 15_000 }).toHaveLength(4);
    expect((await rowTexts(again.page))[3]).toContain(blockRequest!.requestId);
  });

  test('reads in Chinese, dark', async () => {
    const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }));
    const app = await e2e.openApp({ locale: 'zh-CN' });
    const profileId = (await app.services.profiles.save(firewallProfile({ name: '分支防火墙', baseUrl: firewall.url, apiKey: firewall.keys.readOnly, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
    // A block a model proposed in a conversation (refused: the key is read-only).
    const gateway = await app.services.profiles.save(gatewayProfile({ name: '网关', baseUrl: `https://127.0.0.1:${await freePort()}/v1`, apiKey: 'sk-activity-test-key', caPem: e2e.ca.certPem }));
    const conversation = app.services.chat.createConversation(gateway.id);
    await app.services.firewall.blocks.block(profileId, '198.51.100.7', 3600, '', { kind: 'proposal' }, { conversationId: conversation.id }).catch(() => undefined);
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await app.page.reload();
    await app.page.getByRole('tablist').waitFor();
    await app.page.keyboard.press('Control+t');
    await app.page.getByRole('dialog').waitFor();
    await app.page.keyboard.type('操作记录');
    await app.page.keyboard.press('Enter');
    const panel = app.page.getByRole('tabpanel', { name: '操作记录' });
    await expect.poll(() => panel.getByRole('rowgroup').getByRole('row').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('封禁地址')]);
    expect(await panel.innerText()).toContain('失败：密钥缺少角色');
    await shot(app.page, 'activity-log-zh-dark');
    await panel.getByRole('button', { name: '由模型建议' }).click();
    await expect.poll(() => app.page.getByRole('tab', { selected: true }).innerText()).not.toBe('操作记录');
    await expect.poll(() => app.services.workspace.load()?.tabs.at(-1)).toMatchObject({ kind: 'conversation', params: { id: conversation.id } });
  });
});
