// Support servers written by others from support.md, where it says "not shown" (issue 40, items
// 5-7): a `limit` maximum of 50 refused in the server's own words, channel switches as a map with
// no current site named, and the text of a write under `content` with a 400 that names no field.
// Each is the simulator told to behave so; the workspace is the app's, over real HTTPS and SQLite.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { ServiceFailure, serviceError } from '../../../src-main/core/http/service-failure.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import type { SupportClient } from '../../../src-main/core/support/client.ts';
import { SupportPageSizes } from '../../../src-main/core/support/page-sizes.ts';
import { readApiDescription } from '../../../src-main/core/wire/openapi.ts';
import { pageSizeAllowedBy } from '../../../src-main/core/wire/page-size-refusal.ts';
import { startSimulators, SUPPORT_SCOPES, SUPPORT_SITES, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ clock, alertCount: 0 });
  workspace = await openWorkspace(clock);
});
afterEach(() => {
  sims.support.setListLimit(null);
  sims.support.setMetaShape(null);
  sims.support.setTextField(null);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

const api = () => workspace.api.support;
const site = (id: string) => SUPPORT_SITES.find((candidate) => candidate.id === id)!;
const ownRecords = <T extends { site: string }>(records: readonly T[]) => records.filter((record) => record.site === 'site-main');
const requestsSince = (from: number) => sims.support.requests.slice(from);

describe('a server whose `limit` maximum is 50', () => {
  it('refused in its own words: the inbox, contacts and work items fill, the size is remembered for the profile, and the window still pages', async () => {
    sims.support.setListLimit(50);
    const profileId = await addSupportProfile(workspace, sims);
    const before = sims.support.requests.length;
    await clock.run(api().syncNow({ profileId }));
    expect(dataOf(await api().tickets({ profileId, limit: 1000 })).total).toBe(ownRecords(sims.support.store.tickets).length);
    expect(dataOf(await api().contacts({ profileId, limit: 1000 })).total).toBe(ownRecords(sims.support.store.contacts).length);
    expect(dataOf(await api().workItems({ profileId, limit: 1000 })).total).toBe(ownRecords(sims.support.store.work).length);
    // The three lists are walked at once: at most one refusal each before the size is known.
    expect(requestsSince(before).filter((request) => request.status === 400).length).toBeLessThanOrEqual(3);

    const again = sims.support.requests.length;
    await clock.run(api().syncNow({ profileId }));
    const faq = dataOf(await api().faqList({ profileId, limit: 100 }));
    expect(faq.items.length).toBeGreaterThan(0);
    expect(faq.items.length).toBeLessThanOrEqual(50);
    expect(dataOf(await api().chatLogs({ profileId, limit: 100 })).items.length).toBeLessThanOrEqual(50);
    expect(requestsSince(again).filter((request) => request.status === 400)).toEqual([]);
    expectEveryLimitAtMost(requestsSince(again), 50);

    // Kept per profile, and gone with the profile.
    const settings = new SettingsTable(workspace.services.db);
    expect(settings.read(`support.pageSize.${profileId}`)).toBe(50);
    await workspace.services.profiles.remove(profileId);
    expect(settings.read(`support.pageSize.${profileId}`)).toBeUndefined();
  });

  it("starts from the description's maximum for `limit`, and steps down by half when the words name no bound", async () => {
    const description = readApiDescription({
      openapi: '3.1.0',
      paths: { '/tickets': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 40 } }] } } },
    });
    const client = { describeServer: async () => ({ description: description ?? null, siteRoute: { in: 'header', name: 'X-SVC-Site', learnedFrom: 'default' } }) } as unknown as SupportClient;
    const pageSizes = new SupportPageSizes({ clientFor: () => client }, new SettingsTable(workspace.services.db));
    const profileId = `described-${randomUUID()}`;
    expect(await pageSizes.sizeFor(profileId, '/tickets')).toBe(40);
    expect(await pageSizes.sizeFor(profileId, '/contacts')).toBe(100);
    const refused = (detail: string) => new ServiceFailure(serviceError({ service: 'support', status: 400, code: 'bad_request', params: { detail }, retryable: false }));
    expect(pageSizeAllowedBy(refused('limit too large'), 100)).toBe(50);
    expect(pageSizeAllowedBy(refused('limit must be between 1 and 50'), 100)).toBe(50);
    expect(pageSizeAllowedBy(refused('status is unknown'), 100)).toBeUndefined();
  });
});

function expectEveryLimitAtMost(requests: readonly { query: string; path: string }[], most: number): void {
  const limits = requests.map((request) => new URLSearchParams(request.query).get('limit')).filter((limit) => limit !== null).map(Number);
  expect(limits.length).toBeGreaterThan(0);
  expect(limits.filter((limit) => limit > most)).toEqual([]);
}

describe('a server whose /meta gives "sites, channel switches, current scopes" with the switches as a map', () => {
  // support.md part 4 lists no current site: the map is the switches of the site the call ran for.
  const switchesAsAMap = () =>
    sims.support.setMetaShape((meta, keySite) => ({
      sites: SUPPORT_SITES.map(({ id, name }) => ({ id, name })),
      channels: { api: keySite.apiChannel, web_widget: true, wechat: false },
      current_scopes: (meta.key as { scopes: string[] }).scopes,
    }));

  it('shows a site whose API channel is off as blocked before any call fails, and the connection test lists every channel with its state', async () => {
    switchesAsAMap();
    const closedKey = sims.support.addKey({ site: 'site-closed', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
    const profileId = await addSupportProfile(workspace, sims, { apiKey: closedKey, site: 'site-closed' });
    const before = sims.support.requests.length;
    const access = dataOf(await api().access({ profileId }));
    expect(access.blocked).toMatchObject({ code: 'channel_disabled' });
    expect(access.sites.find((entry) => entry.current)).toMatchObject({ id: 'site-closed', apiChannel: false });
    expect(requestsSince(before).filter((request) => request.status !== 200)).toEqual([]);

    const report = dataOf(await workspace.api.profiles.testConnection({ id: profileId }));
    expect(report.summary).toMatchObject({
      service: 'support',
      channels: { 'site-closed': false },
      siteChannels: { api: false, web_widget: true, wechat: false },
      scopes: [...SUPPORT_SCOPES],
    });
  });

  it('shows a site whose API channel is on as open, with its channels', async () => {
    switchesAsAMap();
    expect(site('site-main').apiChannel).toBe(true);
    const profileId = await addSupportProfile(workspace, sims);
    const access = dataOf(await api().access({ profileId }));
    expect(access.blocked).toBeNull();
    expect(access.sites.find((entry) => entry.current)).toMatchObject({ id: 'site-main', apiChannel: true });
    const report = dataOf(await workspace.api.profiles.testConnection({ id: profileId }));
    expect(report.summary).toMatchObject({ channels: { 'site-main': true }, siteChannels: { api: true, web_widget: true, wechat: false } });
  });
});

describe('a server that takes the text of a write as `content` and answers any other body with a 400 naming no field', () => {
  const sent = (entry: OutboxEntry) => {
    expect(entry.state, JSON.stringify(entry.error)).toBe('sent');
    return entry;
  };
  const postsTo = (from: number, path: string) => requestsSince(from).filter((request) => request.method === 'POST' && request.path.endsWith(path));
  const openTicket = () => ownRecords(sims.support.store.tickets).find((ticket) => ticket.status !== 'closed')!;
  const contactWithFollowUps = () => ownRecords(sims.support.store.contacts).find((contact) => contact.follows.length > 0)!;

  it("learns the name from the server's own messages and follow-ups before the first write: each write goes once", async () => {
    sims.support.setTextField('content');
    const profileId = await addSupportProfile(workspace, sims);
    const ticket = openTicket();
    const contact = contactWithFollowUps();
    const before = sims.support.requests.length;
    sent(dataOf(await api().sendVisitorMessage({ profileId, ticketId: ticket.id, text: 'Still waiting for the refund' })));
    sent(dataOf(await api().replyToTicket({ profileId, ticketId: ticket.id, text: 'The refund left today' })));
    sent(dataOf(await api().addContactFollowUp({ profileId, contactId: contact.id, kind: 'phone', note: 'Called about the refund' })));
    expect(postsTo(before, `/tickets/${ticket.id}/messages`)).toHaveLength(1);
    expect(postsTo(before, `/tickets/${ticket.id}/reply`)).toHaveLength(1);
    expect(postsTo(before, `/contacts/${contact.id}/follows`)).toHaveLength(1);
    expect(ticket.messages.slice(-2).map((message) => [message.from, message.text])).toEqual([['visitor', 'Still waiting for the refund'], ['robot', 'The refund left today']]);
    expect(contact.follows.at(-1)).toMatchObject({ kind: 'phone', note: 'Called about the refund' });
  });

  it('with nothing to learn from, tries the usual names in turn, each with a key of its own made from the first, and remembers what worked', async () => {
    sims.support.setTextField('content');
    const profileId = await addSupportProfile(workspace, sims);
    const contactId = String((sent(dataOf(await api().createContact({ profileId, name: 'No Follow-ups Yet' }))).response as { id: string }).id);
    const workId = String((sent(dataOf(await api().createWorkItem({ profileId, title: 'Nothing written yet' }))).response as { id: string }).id);
    const before = sims.support.requests.length;
    const follow = sent(dataOf(await api().addContactFollowUp({ profileId, contactId, kind: 'note', note: 'First note' })));
    const tried = postsTo(before, `/contacts/${contactId}/follows`);
    expect(tried.map((request) => request.status)).toEqual([400, 200]);
    const [firstKey, secondKey] = tried.map((request) => request.headers['idempotency-key']!);
    expect(secondKey).toBe(`${firstKey}.content`);
    expect(follow.state).toBe('sent');

    const next = sims.support.requests.length;
    sent(dataOf(await api().addWorkFollowUp({ profileId, workId, kind: 'note', note: 'Second note' })));
    expect(postsTo(next, `/work/${workId}/follows`).map((request) => request.status)).toEqual([200]);
    expect(sims.support.store.work.find((item) => item.id === workId)!.follows.map((entry) => entry.note)).toEqual(['Second note']);
  });

  it('refused under every usual name, the write stays in the outbox with its text, failed with the refusal of the first', async () => {
    sims.support.setTextField('words');
    const profileId = await addSupportProfile(workspace, sims);
    const ticket = openTicket();
    const before = sims.support.requests.length;
    const failed = dataOf(await api().sendVisitorMessage({ profileId, ticketId: ticket.id, text: 'Keep this text' }));
    expect(failed.state).toBe('failed');
    const tried = postsTo(before, `/tickets/${ticket.id}/messages`);
    // Bounded: once under each usual name, each with its own key.
    expect(tried).toHaveLength(4);
    expect(new Set(tried.map((request) => request.headers['idempotency-key'])).size).toBe(4);
    expect(workspace.services.outbox.get(failed.id)?.state).toBe('failed');
    const stored = workspace.services.db.prepare<[string], { request: string }>('SELECT request FROM outbox_writes WHERE id = ?').get(failed.id);
    expect(JSON.parse(stored!.request)).toMatchObject({ body: { text: 'Keep this text' } });
    expect(failed.error).toMatchObject({ code: 'bad_request', requestId: tried[0]!.requestId });
  });
});
