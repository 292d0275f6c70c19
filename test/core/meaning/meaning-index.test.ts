// Search by meaning against the gateway simulator's embeddings (whose geometry puts a paraphrase
// near its original): a paraphrase finds its alert, ticket, FAQ entry, work item, conversation and
// case where the words find nothing, inside a long text too (its best chunk); the index survives a restart (nothing embedded again) and a change of model (built in
// the background, the old one searched until the new one is complete); a refused, cut or
// wrong-sized answer is said in words, stored nowhere, and retried or left for the analyst.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { defaultSentFields } from '../../../src-shared/contract/assistant.ts';
import type { SearchAnswer } from '../../../src-shared/contract/search.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let sims: Simulators;
let opened: TestServices;
let services: AppServices;
let firewallId: string;
let supportId: string;
let gatewayId: string;
let paraphrasedTicket: string;
let caseId: string;
let conversationId: string;
const alertIds: Record<string, string> = {};

const useEmbeddings = (embeddingModel: string | null) =>
  services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', embeddingModel, triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
const untilState = (state: string, timeout = 20_000) => vi.waitFor(() => expect(services.meaning.status().state).toBe(state), { timeout, interval: 50 });
/** Words of no meaning to the simulator's synonyms, each its own concept: text that says nothing of the question. */
const filler = (seed: string, sentences: number) =>
  Array.from({ length: sentences }, (_, at) => `Note ${seed}${at}: gadget${at} widget${at} sprocket${at} flange${at} gizmo${at} lever${at} dial${at} knob${at} crank${at} spindle${at}.`).join(' ');
const groupOf = (answer: SearchAnswer, kind: string) => answer.groups.find((group) => group.kind === kind);
const titles = (answer: SearchAnswer, kind: string) => groupOf(answer, kind)?.hits.map((hit) => `${hit.title} [${hit.matched ?? ''}]`) ?? [];

async function open(dataDir?: string): Promise<void> {
  opened = await openTestServices(dataDir ? { dataDir } : {});
  services = opened.services;
}

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  const add = (name: string, signature: string, message: string) => (alertIds[name] = sims.firewall.addAlerts(1, { signature, message })[0]!.id);
  add('scan', 'ET SCAN Nmap SYN sweep', 'Nmap SYN sweep across ports of 10.20.0.0/24');
  add('brute', 'SSH authentication failures', 'Repeated failed logins: password guessing against SSH');
  add('guessing', 'ET POLICY password spraying', 'Many wrong passwords tried against the VPN login');
  add('beacon', 'Trojan beacon to C2', 'Implant called back to a command server');
  await open();
  firewallId = (await services.profiles.save({
    service: 'firewall', name: 'Branch firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.operations,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
  })).id;
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  supportId = (await services.profiles.save({
    service: 'support', name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { site: 'site-main', ratePerMinute: 100_000 },
  })).id;
  gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Analyst gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
  const agent = trustingAgent(sims.ca.certPem);
  const post = async (path: string, json: object) => {
    const res = await call(agent, `${sims.support.url}/api/open/v1${path}`, { method: 'POST', json, headers: { authorization: `Bearer ${supportKey}`, 'idempotency-key': randomUUID() } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };
  await post('/tickets', { subject: 'Parcel arrived damaged, I want my money back', message: 'The box was crushed on delivery.', visitor: { name: 'Lin' } });
  const asked = await post('/tickets', { subject: 'Locked out', message: 'I forgot my passphrase. How do I get a new one?', visitor: { name: 'Ana' } });
  paraphrasedTicket = String(asked.data?.id ?? asked.id);
  await post('/kb/faq', { id: 'faq-password-reset', question: 'How do I reset my password?', answer: 'Open Settings, Security, and choose Reset password.' });
  await post('/kb/faq', { id: 'faq-invoice', question: 'Where do I find my invoices?', answer: 'Billing lists every invoice.' });
  // Long texts: the words that matter come after several chunks of others.
  await post('/kb/faq', { id: 'faq-handbook', question: 'Workstation handbook', answer: `${filler('handbook', 60)}\n\nPrinter trouble: when the printer jams, the printer prints blank sheets or the printer stops, reset the printer and print again.` });
  const long = await post('/tickets', { subject: 'Several questions', message: filler('visit', 20), visitor: { name: 'Kim', email: 'kim.lee@example.com' } });
  const longId = String(long.data?.id ?? long.id);
  for (let message = 0; message < 6; message++) await post(`/tickets/${longId}/messages`, { text: filler(`follow${message}`, 15) });
  await post(`/tickets/${longId}/messages`, { text: 'Also: ransomware on my laptop, the ransomware note says a virus locked my files. Write to kim.lee@example.com about it.' });
  await post('/work', { title: 'Printer on floor 3 jams', description: 'Paper feed faults every morning.' });
  await agent.close();
  await services.firewall.syncNow(firewallId);
  await services.support.tickets.sync(supportId);
  await services.support.work.sync(supportId);
  // Opened once: the cache keeps every message of it, not only the last.
  await services.support.tickets.detail(supportId, longId, true);
  await services.support.kb.faqList(supportId, { limit: 100 });
  const created = services.cases.create({ title: 'Payroll wave', severity: 'high', tags: [], items: [] });
  caseId = created.id;
  services.cases.addNote(caseId, 'Lure mails impersonating the payroll team, links to a fake sign-in page.');
  conversationId = services.chat.createConversation(gatewayId).id;
  services.chat.updateConversation(conversationId, { model: 'gpt-4o-mini' });
  services.chat.send(conversationId, 'Explain DNS tunnelling used to exfiltrate data', randomUUID());
  await vi.waitFor(() => expect(services.chat.messages(conversationId, 0, 10)).toHaveLength(2), { timeout: 10_000 });
  useEmbeddings('bge-m3');
  await untilState('ready');
}, 60_000);

afterAll(async () => {
  await opened?.dispose();
  await sims?.close();
});

describe('search by meaning', () => {
  test('a paraphrase finds its alert, ticket and FAQ entry, which the words alone do not', async () => {
    expect(services.meaning.status()).toMatchObject({ state: 'ready', model: 'bge-m3', searchingWith: 'bge-m3', error: null });
    expect(services.meaning.status().tokens).toBeGreaterThan(0);
    const questions = { alert: 'port reconnaissance probe', ticket: 'refund for a broken package', faq: 'forgot my passphrase' };
    for (const [kind, question] of Object.entries(questions)) {
      expect(groupOf(services.search.query(question), kind)).toBeUndefined();
    }
    const alerts = await services.search.hybrid(questions.alert);
    expect(alerts.searched).toBe('hybrid');
    expect(titles(alerts, 'alert')[0]).toBe('ET SCAN Nmap SYN sweep [meaning]');
    expect(titles(await services.search.hybrid(questions.ticket), 'ticket')).toContain('Parcel arrived damaged, I want my money back [meaning]');
    expect(titles(await services.search.hybrid(questions.faq), 'faq')[0]).toBe('How do I reset my password? [meaning]');
    // Found by both: the word and the meaning.
    expect(titles(await services.search.hybrid('Nmap sweep'), 'alert')[0]).toBe('ET SCAN Nmap SYN sweep [both]');
  });

  test('work items, conversations and cases (by their notes) are found by meaning too', async () => {
    const questions = { work: 'printing device broken', conversation: 'domain tunnel leak', case: 'phishing spoofed login' };
    for (const question of Object.values(questions)) expect(services.search.query(question).groups).toEqual([]);
    expect(titles(await services.search.hybrid(questions.work), 'work')[0]).toBe('Printer on floor 3 jams [meaning]');
    expect(groupOf(await services.search.hybrid(questions.conversation), 'conversation')?.hits[0]).toMatchObject({ id: conversationId, matched: 'meaning' });
    expect(groupOf(await services.search.hybrid(questions.case), 'case')?.hits[0]).toMatchObject({ id: caseId, title: 'Payroll wave', matched: 'meaning', target: { kind: 'case', params: { caseId } } });
  });

  test('a long entry and a ticket of many messages are cut into chunks; the chunk that matches finds its item first', async () => {
    const chunks = services.db.prepare<[string], number>('SELECT chunks FROM meaning_items WHERE item_id = ?').pluck();
    expect(chunks.get('faq-handbook')).toBeGreaterThan(3);
    expect(titles(await services.search.hybrid('printing broken'), 'faq')[0]).toBe('Workstation handbook [meaning]');
    const tickets = groupOf(await services.search.hybrid('trojan malware'), 'ticket')!.hits;
    expect(tickets[0]).toMatchObject({ title: 'Several questions', matched: 'meaning' });
    expect(services.db.prepare("SELECT chunks FROM meaning_items WHERE kind = 'ticket' ORDER BY chunks DESC LIMIT 1").pluck().get()).toBeGreaterThan(3);
  });

  test("a visitor's e-mail address goes to the gateway only when the settings allow it", async () => {
    const sentEmbeddings = () => sims.gateway.receivedBodies.filter((body) => body.path.endsWith('/embeddings')).map((body) => body.body).join('\n');
    expect(sentEmbeddings()).toContain('ransomware on my laptop');
    expect(sentEmbeddings()).not.toContain('kim.lee@example.com');
    const hashOfLongTicket = () => services.db.prepare("SELECT content_hash FROM meaning_items WHERE kind = 'ticket' ORDER BY chunks DESC LIMIT 1").pluck().get();
    const masked = hashOfLongTicket();
    services.assistantSettings.save({ ...services.assistantSettings.state(), sentFields: [...defaultSentFields, 'visitor.email'] });
    await vi.waitFor(() => expect(sentEmbeddings()).toContain('kim.lee@example.com'), { timeout: 20_000, interval: 50 });
    await untilState('ready');
    services.assistantSettings.save({ ...services.assistantSettings.state(), sentFields: [...defaultSentFields] });
    await vi.waitFor(() => expect(hashOfLongTicket()).toBe(masked), { timeout: 20_000, interval: 50 });
    await untilState('ready');
  }, 40_000);

  test('"Similar alerts" finds the same campaign under another signature', () => {
    const similar = services.meaning.similar('alert', firewallId, alertIds['brute']!);
    expect(similar.state).toBe('found');
    expect(similar.hits[0]).toMatchObject({ id: alertIds['guessing'], title: 'ET POLICY password spraying', matched: 'meaning' });
    expect(similar.hits.map((hit) => hit.id)).not.toContain(alertIds['brute']);
  });

  test('the index survives a restart: nothing is embedded again', async () => {
    const sent = sims.gateway.embeddedTexts;
    const { dataDir, keyStore } = opened;
    await services.dispose();
    opened = await openTestServices({ dataDir, keyStore });
    services = opened.services;
    await untilState('ready');
    // One embedding for the question below, none for the index.
    const found = await services.search.hybrid('port reconnaissance probe');
    expect(titles(found, 'alert')[0]).toBe('ET SCAN Nmap SYN sweep [meaning]');
    expect(sims.gateway.embeddedTexts - sent).toBe(1);
  });

  test('a change of model re-embeds in the background; the old index is searched until the new one is complete', async () => {
    const indexed = services.meaning.status().indexed;
    sims.gateway.faults.add({ path: '/embeddings', kind: 'status', status: 429, retryAfterSeconds: 1, times: 8 });
    useEmbeddings('text-embedding-3-small');
    await untilState('waiting');
    const waiting = services.meaning.status();
    expect(waiting).toMatchObject({ model: 'text-embedding-3-small', indexed: 0, searchingWith: 'bge-m3', error: { code: 'rate_limited' } });
    expect(waiting.retryAt).not.toBeNull();
    sims.gateway.faults.clear();
    await untilState('ready', 30_000);
    expect(services.meaning.status()).toMatchObject({ searchingWith: 'text-embedding-3-small', indexed });
    const tables = services.db.prepare("SELECT name FROM sqlite_schema WHERE name GLOB 'meaning_vectors_*' AND sql IS NOT NULL AND sql LIKE 'CREATE VIRTUAL%'").pluck().all();
    expect(tables).toHaveLength(1);
    expect(titles(await services.search.hybrid('forgot my passphrase'), 'faq')[0]).toBe('How do I reset my password? [meaning]');
  }, 60_000);

  test.each([
    ['vectors of another dimension', () => sims.gateway.setEmbeddingFault({ kind: 'wrong-dimension', dimensions: 12 }), 'malformed_response', 'wrong_dimension'],
    ['a vector short', () => sims.gateway.setEmbeddingFault({ kind: 'fewer-vectors' }), 'malformed_response', 'missing_vectors'],
    ['an answer cut mid-way', () => sims.gateway.faults.add({ path: '/embeddings', kind: 'malformed' }), 'malformed_response', undefined],
  ])('%s: said, nothing stored, tried again when the analyst resumes', async (_name, fault, code, context) => {
    const before = services.meaning.status().indexed;
    fault();
    sims.firewall.addAlerts(2, { signature: `ET WEB SQL injection attempt ${code}`, message: 'UNION SELECT in a query string' });
    await services.firewall.syncNow(firewallId);
    await untilState('stopped');
    const stopped = services.meaning.status();
    expect(stopped.error).toMatchObject({ code, ...(context && { params: expect.objectContaining({ context }) }) });
    expect(stopped.error!.message).not.toBe('');
    expect(stopped.indexed).toBe(before);
    sims.gateway.setEmbeddingFault(null);
    sims.gateway.faults.clear();
    services.meaning.setPaused(false);
    await untilState('ready');
    expect(services.meaning.status().indexed).toBe(before + 2);
  }, 30_000);

  test('paused, it sends nothing; resumed, it carries on', async () => {
    services.meaning.setPaused(true);
    const sent = sims.gateway.embeddedTexts;
    sims.firewall.addAlerts(1, { signature: 'DNS tunnel suspected', message: 'Long TXT queries to one domain' });
    await services.firewall.syncNow(firewallId);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(services.meaning.status().state).toBe('paused');
    expect(sims.gateway.embeddedTexts).toBe(sent);
    services.meaning.setPaused(false);
    await untilState('ready');
    expect(sims.gateway.embeddedTexts).toBe(sent + 1);
  }, 30_000);

  test('a drafted reply is grounded in the FAQ entry found by meaning, and cites it', async () => {
    const ended = new Promise<{ content: string }>((resolve) => services.drafting.onDraftEnded((end) => resolve(end)));
    const started = await services.drafting.draftReply(supportId, paraphrasedTicket, randomUUID());
    const hit = started.hits.find((found) => found.id === 'faq-password-reset');
    expect(hit).toMatchObject({ title: 'How do I reset my password?', matched: 'meaning' });
    expect((await ended).content).toContain('"How do I reset my password?"');
  });

  test("a model outside the key's whitelist: said, nothing indexed, searches stay words only", async () => {
    const limited = (await services.profiles.save(gatewayProfile({ name: 'Limited gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.limited, caPem: sims.ca.certPem }))).id;
    services.assistantSettings.save({ ...services.assistantSettings.state(), profileId: limited, embeddingModel: 'bge-m3' });
    await untilState('stopped');
    const stopped = services.meaning.status();
    expect(stopped).toMatchObject({ model: 'bge-m3', indexed: 0 });
    expect(stopped.error?.code).toMatch(/model_not_permitted|forbidden/);
    expect(stopped.error?.message).not.toBe('');
    services.assistantSettings.save({ ...services.assistantSettings.state(), profileId: gatewayId, embeddingModel: 'text-embedding-3-small' });
    await untilState('ready');
  }, 30_000);

  test('with no embedding model the palette says it searches words only', async () => {
    useEmbeddings(null);
    await untilState('off');
    const answer = await services.search.hybrid('forgot my passphrase');
    expect(answer).toMatchObject({ searched: 'words', wordsOnlyBecause: 'no_model' });
  });
});
