// Search by meaning in Chromium against the simulators: the palette's hybrid results, each marked
// by why it matched, "Similar alerts" on an alert, and a drafted reply citing the FAQ entry found by
// meaning for a question asked in other words, in English and in Chinese.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { defaultSentFields } from '../../src-shared/contract/assistant.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { supportProfile } from '../support/support-profile.ts';
import { SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });

const palette = (page: Page) => page.getByRole('dialog', { name: /Command palette|命令面板/ });

/** A FAQ entry and a ticket asking the same in other words, in each language: the words of one are not the other's. */
const paraphrases = {
  'en-US': { question: 'How do I reset my password?', subject: 'Locked out', message: 'I forgot my passphrase. How do I get a new one?' },
  'zh-CN': { question: '如何重置密码？', subject: '无法登录', message: '忘记口令了，怎样找回？' },
} as const;

async function onTheSite(pathName: string, json: unknown): Promise<{ id: string }> {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${e2e.sims.support.url}${SUPPORT_API_PREFIX}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${e2e.sims.support.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
    json,
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** The app with a firewall and a help desk whose alerts, tickets and seen FAQ entries are embedded by bge-m3 on the gateway. */
async function openIndexed(locale: keyof typeof paraphrases): Promise<{ app: AppUnderTest; supportId: string; ticketId: string }> {
  const { sims } = e2e;
  const asked = paraphrases[locale];
  await onTheSite('/kb/faq', { id: `faq-reset-${locale}`, question: asked.question, answer: 'Settings → Security → Reset password.' });
  const { id: ticketId } = await onTheSite('/tickets', { subject: asked.subject, message: asked.message });
  const add = (_name: string, signature: string, message: string) => sims.firewall.addAlerts(1, { signature, message });
  add('scan', `ET SCAN Nmap SYN sweep ${locale}`, 'Nmap SYN sweep across ports of 10.20.0.0/24');
  add('brute', `SSH authentication failures ${locale}`, 'Repeated failed logins: password guessing against SSH');
  add('guessing', `ET POLICY password spraying ${locale}`, 'Many wrong passwords tried against the VPN login');
  add('beacon', `Trojan beacon to C2 ${locale}`, 'Implant called back to a command server');
  const app = await e2e.openApp({ locale });
  const firewallId = (await app.services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.operations, caPem: sims.ca.certPem, requestsPerSecond: 100 }))).id;
  const gatewayId = (await app.services.profiles.save(gatewayProfile({ name: 'Model gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
  const supportId = (await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, caPem: sims.ca.certPem, ratePerMinute: 600 }))).id;
  await app.services.firewall.syncNow(firewallId);
  await app.services.support.tickets.sync(supportId);
  // FAQ entries the window was shown are the ones the palette and a draft find offline.
  await app.services.support.kb.faqList(supportId, { limit: 100 });
  app.services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', embeddingModel: 'bge-m3', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
  await vi.waitFor(() => expect(app.services.meaning.status().state).toBe('ready'), { timeout: 30_000, interval: 100 });
  return { app, supportId, ticketId };
}

describe('search by meaning', () => {
  test.each([
    ['en-US', { status: 'Searching words and meaning.', meaning: 'meaning', both: 'words + meaning', similar: 'Similar alerts', shots: 'en', draft: 'Draft from the knowledge base', draftReply: 'Draft reply', entries: 'Knowledge base entries', byMeaning: 'found by meaning' }],
    ['zh-CN', { status: '正在按字词和语义搜索。', meaning: '语义', both: '字词 + 语义', similar: '相似告警', shots: 'zh-CN', draft: '根据知识库起草', draftReply: '起草回复', entries: '知识库条目', byMeaning: '按语义找到' }],
  ] as const)('%s: the palette fuses words and meaning, each hit marked why; an alert lists the similar ones under other signatures; a draft cites the entry found by meaning', async (locale, words) => {
    const { app, supportId, ticketId } = await openIndexed(locale);
    const { page } = app;
    await page.reload();
    await page.getByRole('tab', { name: /Firewall|防火墙/ }).first().waitFor();
    await page.keyboard.press('Control+k');
    const input = palette(page).getByRole('combobox');
    await input.fill('port reconnaissance probe');
    await palette(page).getByRole('status').filter({ hasText: words.status }).waitFor();
    const scan = palette(page).getByRole('option', { name: new RegExp(`ET SCAN Nmap SYN sweep ${locale}`) });
    await expect.poll(() => scan.innerText()).toContain(words.meaning);
    await input.fill('Nmap sweep');
    await palette(page).locator('[data-answer-for="Nmap sweep"]').waitFor();
    await expect.poll(() => scan.innerText(), { message: 'found by its words and its meaning' }).toContain(words.both);
    await shot(page, `meaning-palette-${words.shots}`);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await input.fill('password guessing');
    const brute = palette(page).getByRole('option', { name: new RegExp(`SSH authentication failures ${locale}`) });
    await brute.click();
    const similar = page.getByRole('region', { name: words.similar });
    await similar.getByRole('button', { name: new RegExp(`ET POLICY password spraying ${locale}`) }).waitFor();
    const listed = await similar.getByRole('button').allInnerTexts();
    // The simulator keeps the other language's alerts too: its copy of this campaign may come first.
    expect(listed.slice(0, 3).join('\n'), 'the same campaign under another signature comes among the first').toContain(`ET POLICY password spraying ${locale}`);
    expect(listed.join('\n'), 'an unrelated campaign is not listed first').not.toMatch(new RegExp(`^Trojan beacon`));
    expect(listed.join('\n')).not.toContain(`SSH authentication failures ${locale}`);
    await similar.scrollIntoViewIfNeeded();
    await shot(page, `meaning-similar-${words.shots}`);

    // The visitor asked in other words than the FAQ entry's: the draft is grounded in it, and cites it.
    app.services.workspace.save({ tabs: [{ id: 'draft-tab', kind: 'ticket', params: { profileId: supportId, ticketId } }], activeTabId: 'draft-tab' });
    await page.reload();
    const ticket = page.getByRole('article', { name: new RegExp(`${ticketId}$`) });
    const draft = ticket.getByRole('region', { name: words.draft });
    await draft.getByRole('button', { name: words.draftReply }).click();
    const entry = ticket.getByRole('list', { name: words.entries }).getByRole('listitem').filter({ hasText: paraphrases[locale].question });
    await expect.poll(() => entry.innerText(), { timeout: 15_000 }).toContain(words.byMeaning);
    const number = /\[(\d+)\]/.exec(await entry.locator('strong').innerText())![1];
    await draft.getByRole('link', { name: `[${number}] ${paraphrases[locale].question}` }).waitFor({ timeout: 15_000 });
    await shot(page, `meaning-draft-${words.shots}`);
  });
});
