// Replies, summaries and call notes drafted by the model, through the real services against the
// support and gateway simulators over HTTPS: what the analyst gets in each way a draft can end,
// and that none of it writes to the support site.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { defaultSentFields, promptFields } from '../../../src-shared/contract/assistant.ts';
import type { DraftDelta, DraftEnded } from '../../../src-shared/contract/drafting.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { citationsIn } from '../../../src-shared/draft-citations.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { captureLog } from '../http/fixtures.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { supportProfile } from '../../support/support-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let sims: Simulators;
let opened: TestServices;
let services: AppServices;
let supportId: string;
let gatewayId: string;
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices({ logger: log.logger });
  services = opened.services;
  gatewayId = await savedGateway('Drafting gateway', sims.gateway.keys.demo);
  useModel(gatewayId, 'gpt-4o-mini');
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey, caPem: sims.ca.certPem, ratePerMinute: 100_000 }))).id;
});

afterEach(() => {
  sims.gateway.setStreamShape({});
  sims.gateway.faults.clear();
  useModel(gatewayId, 'gpt-4o-mini');
});

afterAll(async () => {
  await opened.dispose();
  await sims.close();
  log.expectNoneOf([...Object.values(sims.gateway.keys), ...Object.values(sims.support.keys)]);
});

async function savedGateway(name: string, apiKey: string): Promise<string> {
  return (await services.profiles.save(gatewayProfile({ name, baseUrl: sims.gateway.url, apiKey, caPem: sims.ca.certPem }))).id;
}

function useModel(profileId: string | null, model: string | null, sentFields = [...defaultSentFields]) {
  services.assistantSettings.save({ profileId, model, triageTemplate: null, sentFields, bulkLimit: 20 });
}

/** A ticket the visitor opened on the simulator, through the outbox as the app opens one. */
async function visitorTicket(subject: string, message: string, visitor?: { name: string; email: string }): Promise<string> {
  const entry: OutboxEntry = await services.support.tickets.createTicket({ profileId: supportId, subject, message, offline: false, ...(visitor && { visitor }) });
  expect(entry.state, JSON.stringify(entry.error)).toBe('sent');
  return String((entry.response as { id: string }).id);
}

/** The batches and the end of the draft running under `taskId`. */
function followDraft(taskId: string): Promise<{ deltas: DraftDelta[]; ended: DraftEnded }> {
  const deltas: DraftDelta[] = [];
  return new Promise((resolve) => {
    const onDelta = services.drafting.onDraftDelta((delta) => {
      if (delta.taskId === taskId) deltas.push(delta);
    });
    const onEnded = services.drafting.onDraftEnded((ended) => {
      if (ended.taskId !== taskId) return;
      onDelta.dispose();
      onEnded.dispose();
      resolve({ deltas, ended });
    });
  });
}

async function draftFor(ticketId: string) {
  const taskId = randomUUID();
  const following = followDraft(taskId);
  const started = await services.drafting.draftReply(supportId, ticketId, taskId);
  return { started, ...(await following) };
}

const supportWrites = () => sims.support.requests.filter((request) => request.method !== 'GET').length;
const joined = (deltas: DraftDelta[]) => deltas.map((delta) => delta.content).join('');

describe('a reply drafted from the knowledge base', () => {
  test('is grounded in the hits the search found, cites them by number, streams, is logged with its usage, and writes nothing', async () => {
    const ticketId = await visitorTicket('Cannot log in after password change', 'I changed my password and now the login page refuses it.');
    const writesBefore = supportWrites();
    const callsBefore = services.chat.callLog({}).length;

    const { started, deltas, ended } = await draftFor(ticketId);
    expect(supportWrites()).toBe(writesBefore);

    expect(started.model).toBe('gpt-4o-mini');
    expect(started.hits.length).toBeGreaterThan(0);
    // The knowledge base was searched with the subject and the visitor's message; its hits are what the model was given.
    const query = 'Cannot log in after password change I changed my password and now the login page refuses it.';
    const search = sims.support.requests.findLast((request) => request.path.endsWith('/kb/search'))!;
    expect(new URLSearchParams(search.query).get('q')).toBe(query);
    const found = await services.support.kb.search(supportId, query, 5);
    expect(started.hits.map((hit) => hit.id)).toEqual(found.items.map((hit) => hit.id));

    expect(ended.outcome).toBe('finished');
    expect(deltas.length).toBeGreaterThan(1);
    expect(joined(deltas)).toBe(ended.content);
    expect(ended.content).toContain(`"${started.hits[0]!.title}" explains the steps [1]`);
    expect(citationsIn(ended.content, started.hits.length).cited).toEqual(started.hits.length > 1 ? [1, 2] : [1]);

    const [call] = services.chat.callLog({});
    expect(services.chat.callLog({}).length).toBe(callsBefore + 1);
    expect(call).toMatchObject({ profileId: gatewayId, endpoint: '/chat/completions', model: 'gpt-4o-mini', status: 200, outcome: 'finished' });
    expect(call!.usage!.totalTokens).toBeGreaterThan(0);

    // The activity log says a model was asked about this ticket, under its desk, and keeps none of what was sent.
    const logged = services.activity.list({ actions: ['draftReply'], target: { kind: 'ticket', id: ticketId } }, 0, 10).rows;
    expect(logged).toEqual([expect.objectContaining({ profileId: supportId, backEnd: 'gateway', action: { code: 'draftReply', params: { model: 'gpt-4o-mini' } }, outcome: 'sent' })]);
    expect(JSON.stringify(logged)).not.toContain('refuses it');
  });

  test('is asked in the ticket’s language: a Chinese ticket gets a Chinese reply', async () => {
    const ticketId = await visitorTicket('无法登录 password', '我修改密码后无法登录，请帮忙。');
    const { started, ended } = await draftFor(ticketId);
    expect(started.language).toBe('zh');
    expect(ended.content).toMatch(/^您好，感谢您的来信。请参阅“.+”\[1\]。/);
  });

  test('Stop ends it at once, keeping what arrived', async () => {
    const ticketId = await visitorTicket('Refund for order 4711', 'Where is my refund?');
    sims.gateway.setStreamShape({ deltaIntervalMs: 400 });
    const taskId = randomUUID();
    const following = followDraft(taskId);
    const firstBatch = new Promise<void>((resolve) => {
      const seen = services.drafting.onDraftDelta((delta) => {
        if (delta.taskId !== taskId || !delta.content) return;
        seen.dispose();
        resolve();
      });
    });
    await services.drafting.draftReply(supportId, ticketId, taskId);
    await firstBatch;
    services.tasks.cancel(taskId);
    const { deltas, ended } = await following;
    expect(ended.outcome).toBe('stopped');
    expect(ended.content).not.toBe('');
    expect(ended.content).toBe(joined(deltas));
    expect(ended.content).not.toContain('Kind regards');
    expect(services.chat.callLog({})[0]).toMatchObject({ outcome: 'stopped' });
  });

  test('a stream cut halfway says so and keeps what arrived', async () => {
    const ticketId = await visitorTicket('Invoice shows the wrong amount', 'Invoice 88 is wrong.');
    sims.gateway.setStreamShape({ errorAfterDeltas: 2 });
    const { ended } = await draftFor(ticketId);
    expect(ended).toMatchObject({ outcome: 'failed', error: { service: 'gateway', code: 'server_error' } });
    expect(ended.content.length).toBeGreaterThan(0);
  });

  test('a model outside the key’s whitelist and a 429 are said as they are', async () => {
    const ticketId = await visitorTicket('Delivery of order 12 is late', 'Still waiting.');
    useModel(await savedGateway('Whitelisted gateway', sims.gateway.keys.limited), 'gpt-4.1');
    expect((await draftFor(ticketId)).ended).toMatchObject({ outcome: 'failed', content: '', error: { code: 'model_not_permitted', status: 403 } });

    // The profile's client honours Retry-After for all its calls, so the 429 gets a profile of its own.
    useModel(await savedGateway('Rate-limited gateway', sims.gateway.keys.demo), 'gpt-4o-mini');
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 429, retryAfterSeconds: 600, times: 1 });
    expect((await draftFor(ticketId)).ended).toMatchObject({ outcome: 'failed', content: '', error: { code: 'rate_limited', status: 429, params: { waitSeconds: 600 } } });
  });

  test('without a model at work, says where to set one, and asks nobody', async () => {
    const ticketId = await visitorTicket('Question about my VPN client', 'Which version?');
    useModel(null, null);
    const searches = sims.support.requests.length;
    await expect(services.drafting.draftReply(supportId, ticketId, randomUUID())).rejects.toMatchObject({ detail: { code: 'invalid_settings', params: { context: 'no_model_at_work' } } });
    expect(sims.support.requests.length).toBe(searches);
  });
});

describe('a summary', () => {
  test('is the support site’s own when the ticket has a chat session', async () => {
    const session = sims.support.store.sessions.find((candidate) => candidate.site === 'site-main' && candidate.ticket_id !== null)!;
    const callsBefore = services.chat.callLog({}).length;
    const summary = await services.drafting.summariseTicket(supportId, session.ticket_id!, randomUUID());
    expect(summary).toMatchObject({ source: 'session', sessionId: session.id });
    expect(summary.source === 'session' && summary.text).toContain(`asked about ${session.topic}`);
    expect(services.chat.callLog({}).length).toBe(callsBefore);
  });

  test('is the model’s otherwise, streamed, with the visitor’s email left out as the settings say', async () => {
    const ticketId = await visitorTicket('Please update my billing address', 'My new address is 5 Elm Street. Reach me at ada.l@example.org.', { name: 'Ada Lovelace', email: 'ada.l@example.org' });
    const taskId = randomUUID();
    const following = followDraft(taskId);
    expect(await services.drafting.summariseTicket(supportId, ticketId, taskId)).toMatchObject({ source: 'model', model: 'gpt-4o-mini' });
    const { ended } = await following;
    expect(ended.outcome).toBe('finished');
    // The simulator's answer quotes the prompt it got: the name went (the default), the email address did not.
    expect(ended.content).toContain('Visitor (Ada Lovelace): My new address is 5 Elm Street. Reach me at [email].');
    expect(ended.content).not.toContain('ada.l@example.org');

    useModel(gatewayId, 'gpt-4o-mini', promptFields.filter((field) => !field.startsWith('visitor.')));
    const again = randomUUID();
    const followingAgain = followDraft(again);
    await services.drafting.summariseTicket(supportId, ticketId, again);
    const withheld = (await followingAgain).ended.content;
    expect(withheld).toContain('Visitor: My new address is 5 Elm Street.');
    expect(withheld).not.toContain('Ada');
  });

  test('reads a number written without its country code in the country of the ticket’s contact, and keeps the invoice number and date', async () => {
    const now = new Date().toISOString();
    const contact = { seq: sims.support.store.nextSeq(), id: `ctc_de_${randomUUID().slice(0, 8)}`, site: 'site-main', name: 'Jonas Weber', email: 'jonas.weber@example.de', phone: null, company: null, status: 'new' as const, tags: [], created_at: now, updated_at: now, follows: [], country: 'DE' };
    sims.support.store.contacts.push(contact);
    const entry = await services.support.tickets.createTicket({ profileId: supportId, subject: 'Rückruf', message: 'Bitte rufen Sie 030 901820 an, Rechnung 48213377 vom 29.11.2026.', offline: false, contactId: contact.id });
    expect(entry.state, JSON.stringify(entry.error)).toBe('sent');
    const taskId = randomUUID();
    const following = followDraft(taskId);
    await services.drafting.summariseTicket(supportId, String((entry.response as { id: string }).id), taskId);
    // Read in the workstation's region (en-US where the tests run) "030 901820" is no number; read in Germany it is.
    expect((await following).ended.content).toContain('Bitte rufen Sie [phone] an, Rechnung 48213377 vom 29.11.2026.');
  });
});

test('a call transcript is shortened to a note by the model at work', async () => {
  const taskId = randomUUID();
  const following = followDraft(taskId);
  expect(services.drafting.shortenCallNote('Customer called about invoice 88; we agreed to resend it by Friday. Call back on +44 20 7946 0958.', taskId)).toMatchObject({ model: 'gpt-4o-mini' });
  const { ended } = await following;
  expect(ended.outcome).toBe('finished');
  expect(ended.content).toContain('we agreed to resend it by Friday. Call back on [phone].');
});
