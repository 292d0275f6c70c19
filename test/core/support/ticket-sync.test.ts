// The inbox's cache as an analyst relies on it: the first sync fills it quietly; later syncs bring
// new tickets and visitor messages, marked unread, as grouped notifications whose click opens the
// ticket; everything stays browsable when the server is down, with the reason.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as realDelay } from 'node:timers/promises';
import type { Agent } from 'undici';
import { FULL_TICKET_WALK_MS } from '../../../src-main/core/support/tickets/ticket-service.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;
let agent: Agent;
let visitorKey: string;

beforeAll(async () => {
  sims = await startSimulators({ clock });
  workspace = await openWorkspace(clock);
  agent = trustingAgent(sims.ca.certPem);
  visitorKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
});
afterEach(() => sims.support.faults.clear());
afterAll(async () => {
  await agent.close();
  await workspace.close();
  await sims.close();
});

/** What happens on the site meanwhile: a visitor writes through another application's key. */
async function visitor(path: string, body: unknown): Promise<string> {
  const res = await call(agent, `${sims.support.url}/api/open/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${visitorKey}`, 'idempotency-key': `visitor-${Math.random()}` },
    json: body,
  });
  return res.json.data.id as string;
}

const api = () => workspace.api.support;
const sync = (profileId: string) => clock.run(workspace.services.support.tickets.sync(profileId));
const entriesOf = (profileId: string, kind: string) => workspace.services.notifications.list().items.filter((item) => item.profileId === profileId && item.kind === kind);

describe('ticket sync', () => {
  it('fills the cache on the first sync without a notification, then notifies a new ticket, marked unread; the click opens it', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    const toastsBefore = workspace.platform.notifications.length;
    await sync(profileId);
    expect(dataOf(await api().tickets({ profileId })).total).toBe(400);
    expect(workspace.platform.notifications.length).toBe(toastsBefore);
    const ticketId = await visitor('/tickets', { message: 'The app crashes on start', subject: 'Crash', visitor: { name: 'Lin' } });
    await sync(profileId);
    const [entry] = entriesOf(profileId, 'support-tickets');
    expect(entry).toMatchObject({ title: 'New support ticket', count: 1, target: { kind: 'ticket', params: { profileId, ticketId } } });
    expect(entry!.body).toContain('Crash');
    expect(workspace.platform.notifications.length).toBe(toastsBefore + 1);
    const [row] = dataOf(await api().tickets({ profileId, unreadOnly: true })).rows;
    expect(row).toMatchObject({ id: ticketId, unread: true, subject: 'Crash' });
    dataOf(await api().markRead({ profileId, ticketIds: [ticketId] }));
    expect(dataOf(await api().tickets({ profileId, unreadOnly: true })).total).toBe(0);
    const navigated: unknown[] = [];
    workspace.services.notifications.onNavigate((target) => navigated.push(target));
    workspace.services.notifications.open(entry!.id);
    expect(navigated).toEqual([{ kind: 'ticket', params: { profileId, ticketId } }]);
  });

  it('a sync asked for while one runs (Sync now beside the timer) joins it: one walk, one notification, the state settled', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    const cached = async () => dataOf(await api().tickets({ profileId })).total;
    const first = await cached();
    const ticketPages = () => sims.support.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/tickets')).length;
    const tickets = workspace.services.support.tickets;
    // One walk alone, for the count of pages a walk that finds one new ticket reads.
    await visitor('/tickets', { message: 'Only one sync sees me', subject: 'Once', visitor: { name: 'Ana' } });
    let before = ticketPages();
    await sync(profileId);
    const oneWalk = ticketPages() - before;

    await visitor('/tickets', { message: 'Three syncs asked at once see me', subject: 'Twice?', visitor: { name: 'Ana' } });
    const toastsBefore = workspace.platform.notifications.length;
    before = ticketPages();
    await clock.run(Promise.all([tickets.sync(profileId), tickets.sync(profileId), api().syncNow({ profileId, resource: 'tickets' })]));
    expect(ticketPages() - before, 'the second and third ask joined the first walk').toBe(oneWalk);
    expect(workspace.platform.notifications.length).toBe(toastsBefore + 1);
    expect(await cached()).toBe(first + 2);
    // The state is settled: the next sync walks again and finds nothing new.
    before = ticketPages();
    await sync(profileId);
    expect(ticketPages() - before).toBeGreaterThan(0);
    expect(await cached()).toBe(first + 2);
  });

  it('joins a burst of new tickets into one entry that opens the inbox', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    for (const n of [1, 2, 3]) await visitor('/tickets', { message: `Burst ${n}` });
    await sync(profileId);
    const entries = entriesOf(profileId, 'support-tickets');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ title: '3 new support tickets', count: 3, target: { kind: 'support', params: { profileId } } });
  });

  it('notifies a visitor message on a recent ticket at once, and on an old one at the next full walk', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    const all = dataOf(await api().tickets({ profileId, limit: 1000 })).rows;
    const open = all.filter((row) => row.status !== 'closed');
    const newest = (await call(agent, `${sims.support.url}/api/open/v1/tickets?limit=1`, { headers: { authorization: `Bearer ${visitorKey}` } })).json.data.items[0].id as string;
    await visitor(`/tickets/${newest}/messages`, { text: 'Hello? Anyone there?' });
    await sync(profileId);
    expect(entriesOf(profileId, 'support-messages')).toEqual([
      expect.objectContaining({ title: 'New visitor message', target: { kind: 'ticket', params: { profileId, ticketId: newest } } }),
    ]);
    expect(entriesOf(profileId, 'support-messages')[0]!.body).toContain('Hello? Anyone there?');
    const old = open.at(-1)!;
    await visitor(`/tickets/${old.id}/messages`, { text: 'Following up on my old issue' });
    await sync(profileId);
    expect(dataOf(await api().tickets({ profileId, text: 'Following up on my old issue' })).total).toBe(0);
    await clock.advance(FULL_TICKET_WALK_MS);
    await sync(profileId);
    const row = dataOf(await api().tickets({ profileId, text: 'Following up on my old issue' })).rows;
    expect(row).toEqual([expect.objectContaining({ id: old.id, unread: true })]);
    // Fifteen minutes on, past the ten a burst stays open: an entry of its own.
    expect(entriesOf(profileId, 'support-messages').map((entry) => entry.target)).toEqual([
      { kind: 'ticket', params: { profileId, ticketId: old.id } },
      { kind: 'ticket', params: { profileId, ticketId: newest } },
    ]);
  });

  it('keeps tickets, contacts and work items browsable while the server is down, saying why', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    await clock.run(api().syncNow({ profileId, resource: 'contacts' }));
    await clock.run(api().syncNow({ profileId, resource: 'work' }));
    const [ticket] = dataOf(await api().tickets({ profileId, limit: 1 })).rows;
    const [contact] = dataOf(await api().contacts({ profileId, limit: 1 })).rows;
    sims.support.faults.add({ path: /.*/, kind: 'status', status: 503 });
    const detail = dataOf(await clock.run(api().ticket({ profileId, ticketId: ticket!.id, fresh: true })));
    expect(detail).toMatchObject({ id: ticket!.id, from: 'cache', error: { code: 'service_unavailable', requestId: expect.stringMatching(/^req_/) } });
    expect(detail.messages.length).toBeGreaterThan(0);
    expect(dataOf(await clock.run(api().contact({ profileId, contactId: contact!.id, fresh: true })))).toMatchObject({ from: 'cache', error: { code: 'service_unavailable' } });
    expect(dataOf(await api().workItems({ profileId })).total).toBe(180);
    const failed = await clock.run(api().syncNow({ profileId, resource: 'tickets' }));
    expect(failed.ok).toBe(false);
    expect(dataOf(await api().tickets({ profileId })).total).toBe(dataOf(await api().ticketCounts({ profileId })).reduce((sum, count) => sum + count.count, 0));
  });

  it('a reply made while the server is down shows as queued, goes out by itself when it answers, and the cached thread then holds it', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    const [ticket] = dataOf(await api().tickets({ profileId, status: ['queued'], limit: 1 })).rows;
    sims.support.faults.add({ path: /.*/, kind: 'status', status: 503 });
    const queued = dataOf(await clock.run(api().replyToTicket({ profileId, ticketId: ticket!.id, text: 'Sorry for the wait' })));
    expect(queued).toMatchObject({ state: 'queued', objectKey: `ticket:${ticket!.id}`, error: { code: 'service_unavailable' } });
    sims.support.faults.clear();
    // The outbox's own backoff timer sends it again; time moves until it has.
    for (let step = 0; step < 60 && workspace.services.outbox.get(queued.id)?.state !== 'sent'; step++) {
      await clock.advance(1_000);
      await realDelay(10);
    }
    expect(workspace.services.outbox.get(queued.id)?.state).toBe('sent');
    const thread = workspace.services.support.tickets.query({ profileId, text: 'Sorry for the wait' }).rows;
    expect(thread).toEqual([expect.objectContaining({ id: ticket!.id, status: 'active', lastMessage: expect.objectContaining({ from: 'robot', text: 'Sorry for the wait' }) })]);
  });

  it('refreshes contacts when their list is opened on a stale copy, not on a fresh one', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await clock.run(api().syncNow({ profileId, resource: 'contacts' }));
    const name = await visitor('/contacts', { name: 'Katherine Johnson' }).then(() => 'Katherine Johnson');
    const changed = new Promise<void>((resolve) => workspace.services.support.contacts.onChanged((change) => change.profileId === profileId && resolve()));
    expect(dataOf(await api().contacts({ profileId, text: name })).total).toBe(0);
    await clock.advance(60_000);
    expect(dataOf(await api().contacts({ profileId, text: name })).total).toBe(0);
    await clock.run(changed);
    expect(dataOf(await api().contacts({ profileId, text: name })).rows.map((row) => row.name)).toEqual([name]);
  });

  it('passes hostile strings through as data', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    await sync(profileId);
    const hostile = '<img src=x onerror=alert(1)>{{constructor.constructor("alert(2)")()}}\u202e\u0000';
    const ticketId = await visitor('/tickets', { message: hostile, subject: hostile, visitor: { name: hostile } });
    await sync(profileId);
    const detail = dataOf(await api().ticket({ profileId, ticketId, fresh: true }));
    expect([detail.subject, detail.visitorName, detail.messages[0]!.text]).toEqual([hostile.trim(), hostile.trim(), hostile.trim()]);
  });
});
