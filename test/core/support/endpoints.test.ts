// Every endpoint of support.md part 4 (webhooks aside: support-hooks') as a user reaches it through
// the contract, against the simulator in both dialects: the opsdesk one and `plain` (numeric ids and
// sites, times in Unix seconds, refusals inside an HTTP 200, the site in a query parameter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, siteIn, type Workspace } from './support-fixture.ts';
import { expectEach } from '../../support/expect-each.ts';

describe.each(['opsdesk', 'plain'] as const)('support endpoints, %s dialect', (dialect) => {
  const clock = new FakeClock();
  let sims: Simulators;
  let workspace: Workspace;
  let profileId: string;

  beforeAll(async () => {
    sims = await startSimulators({ dialect, clock });
    workspace = await openWorkspace(clock);
    profileId = await addSupportProfile(workspace, sims, { dialect });
  });
  afterAll(async () => {
    await workspace.close();
    await sims.close();
  });

  const api = () => workspace.api.support;
  const sent = (entry: OutboxEntry) => {
    expect(entry.state, JSON.stringify(entry.error)).toBe('sent');
    return entry;
  };

  it('reads /meta: the key type, TEST, its scopes, the sites with their channel switches, and what each action needs', async () => {
    const access = dataOf(await api().access({ profileId }));
    expect(access).toMatchObject({ keyType: 'agent', keyEnv: 'test', live: false, blocked: null, from: 'server', site: siteIn(dialect, 'site-main') });
    expect(access.scopes).toContain('crm.read');
    expect(access.sites.find((site) => site.current)).toMatchObject({ id: siteIn(dialect, 'site-main'), apiChannel: true });
    expect(access.sites.find((site) => site.id === siteIn(dialect, 'site-closed'))?.apiChannel).toBe(false);
    // Channel switches keyed by channel (`{api, web_widget}`, the plain dialect's) are not sites.
    expect(access.sites.map((site) => site.id).sort()).toEqual(['site-main', 'site-eu', 'site-closed'].map((id) => siteIn(dialect, id)).sort());
    expect(access.actions.replyToTicket).toEqual({ scope: 'agent.reply', allowed: true });
    expect(access.actions.writeContacts).toEqual({ scope: 'crm.write', allowed: true });
  });

  it('syncs tickets into the cache: by status, newest activity first, with the last message; a ticket opens with its thread', async () => {
    await clock.run(api().syncNow({ profileId, resource: 'tickets' }));
    const all = dataOf(await api().tickets({ profileId, limit: 1000 }));
    expect(all.total).toBe(400);
    expect(all.syncedAt).not.toBeNull();
    const closed = dataOf(await api().tickets({ profileId, status: ['closed'], limit: 1000 }));
    expect(closed.total).toBeGreaterThan(0);
    expectEach(closed.rows, (row) => row.status === 'closed', 'be closed');
    const activity = all.rows.map((row) => row.updatedAt ?? '');
    expect(activity).toEqual([...activity].sort().reverse());
    const counts = dataOf(await api().ticketCounts({ profileId }));
    expect(counts.reduce((sum, count) => sum + count.count, 0)).toBe(400);
    const [first] = all.rows;
    expect(first!.lastMessage?.text).toEqual(expect.any(String));
    expect(first!.unread).toBe(false);
    const detail = dataOf(await api().ticket({ profileId, ticketId: first!.id, fresh: true }));
    expect(detail.from).toBe('server');
    expect(detail.messages.length).toBe(first!.messageCount);
    expect(detail.otherFields.map((field) => field.name)).not.toContain('ticket_token');
  });

  it('creates a ticket and an offline message, writes as the visitor, replies as the robot, closes with a note: each through the outbox, the cache following the answers', async () => {
    const created = sent(dataOf(await api().createTicket({ profileId, message: 'My router blinks red', subject: 'Router', visitor: { name: 'Ada' } })));
    expect(created.action).toEqual({ code: 'createTicket', params: { subject: 'Router' } });
    const ticketId = String((created.response as { id: string | number }).id);
    const offline = sent(dataOf(await api().createTicket({ profileId, message: `Offline note ${dialect} 7f3a`, offline: true })));
    expect(offline.action.code).toBe('leaveOfflineMessage');
    const messagesAsked = () => sims.support.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/tickets/${ticketId}/messages`)).length;
    sent(dataOf(await api().sendVisitorMessage({ profileId, ticketId, text: 'Still blinking' })));
    // The plain dialect takes the text as `content`: its 400 naming it is answered once, then remembered.
    expect(messagesAsked()).toBe(dialect === 'plain' ? 2 : 1);
    sent(dataOf(await api().replyToTicket({ profileId, ticketId, text: 'Please restart it' })));
    sent(dataOf(await api().sendVisitorMessage({ profileId, ticketId, text: 'And it is warm' })));
    expect(messagesAsked()).toBe(dialect === 'plain' ? 3 : 2);
    sent(dataOf(await api().closeTicket({ profileId, ticketId, note: 'Solved by a restart' })));
    const cached = dataOf(await api().ticket({ profileId, ticketId }));
    expect(cached).toMatchObject({ status: 'closed', closeNote: 'Solved by a restart', subject: 'Router', visitorName: 'Ada' });
    expect(cached.messages.map((message) => [message.from, message.text])).toEqual([
      ['visitor', 'My router blinks red'], ['visitor', 'Still blinking'], ['robot', 'Please restart it'], ['visitor', 'And it is warm'],
    ]);
    const offlineRow = dataOf(await api().tickets({ profileId, status: ['offline'], text: `Offline note ${dialect} 7f3a` })).rows;
    expect(offlineRow.map((row) => row.offline)).toEqual([true]);
  });

  it('lists and searches contacts from the cache, shows the masked phone, reveals it only on request and never caches it; status and follow-ups', async () => {
    const created = sent(dataOf(await api().createContact({ profileId, name: 'Grace Hopper', phone: '+8613812345678', company: 'Navy' })));
    const contactId = String((created.response as { id: string | number }).id);
    await clock.run(api().syncNow({ profileId, resource: 'contacts' }));
    const found = dataOf(await api().contacts({ profileId, text: 'Hopper' }));
    expect(found.rows).toEqual([expect.objectContaining({ id: contactId, phone: '+861******5678', phoneMasked: true, status: 'new' })]);
    const revealed = await api().revealPhone({ profileId, contactId });
    // A server that answers with the number still masked says so; it is not shown as if revealed.
    if (dialect === 'plain') expect(revealed).toMatchObject({ ok: false, error: { code: 'forbidden', params: { context: 'phone_still_masked' } } });
    else expect(dataOf(revealed)).toEqual({ phone: '+8613812345678' });
    const stored = workspace.services.db.prepare("SELECT * FROM support_contacts WHERE phone LIKE '%12345678%'").all();
    expect(stored).toEqual([]);
    sent(dataOf(await api().setContactStatus({ profileId, contactId, status: 'following' })));
    const follow = sent(dataOf(await api().addContactFollowUp({ profileId, contactId, kind: 'phone', note: 'Called, will call back' })));
    expect(follow.action).toEqual({ code: 'addContactFollowUp', params: { name: 'Grace Hopper' } });
    const detail = dataOf(await api().contact({ profileId, contactId, fresh: true }));
    expect(detail.status).toBe('following');
    expect(detail.follows.map((entry) => [entry.kind, entry.note])).toEqual([['phone', 'Called, will call back']]);
  });

  it('creates a work item linked to a contact and a ticket, filters the list, moves its status and adds a follow-up', async () => {
    await clock.run(api().syncNow({ profileId, resource: 'tickets' }));
    const [ticket] = dataOf(await api().tickets({ profileId, limit: 1 })).rows;
    const created = sent(dataOf(await api().createWorkItem({ profileId, title: 'Replace the router', priority: 'high', ticketId: ticket!.id })));
    const workId = String((created.response as { id: string | number }).id);
    sent(dataOf(await api().setWorkStatus({ profileId, workId, status: 'waiting' })));
    sent(dataOf(await api().addWorkFollowUp({ profileId, workId, kind: 'note', note: 'Part ordered' })));
    await clock.run(api().syncNow({ profileId, resource: 'work' }));
    const linked = dataOf(await api().workItems({ profileId, ticketId: ticket!.id }));
    expect(linked.rows).toEqual([expect.objectContaining({ id: workId, status: 'waiting', priority: 'high', ticketId: ticket!.id })]);
    const waiting = dataOf(await api().workItems({ profileId, status: ['waiting'], limit: 1000 }));
    expectEach(waiting.rows, (row) => row.status === 'waiting', 'be waiting');
    const detail = dataOf(await api().workItem({ profileId, workId, fresh: true }));
    expect(detail.follows.map((entry) => entry.note)).toEqual(['Part ordered']);
  });

  it('searches the knowledge base with scores, lists the FAQ, adds one, and offers a free id when the id is taken', async () => {
    const search = dataOf(await api().kbSearch({ profileId, q: 'password reset', topK: 3 }));
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.length).toBeLessThanOrEqual(3);
    expectEach(search.items, (hit) => typeof hit.score === 'number' && hit.score > 0, 'have a score above 0');
    const page = dataOf(await api().faqList({ profileId, limit: 5 }));
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).not.toBeNull();
    expect(dataOf(await api().faqList({ profileId, limit: 5, cursor: page.nextCursor! })).items[0]!.id).not.toBe(page.items[0]!.id);
    sent(dataOf(await api().addFaq({ profileId, id: `opening-hours-${dialect}`, question: 'When are you open?', answer: 'Always' })));
    const taken = dataOf(await api().addFaq({ profileId, id: `opening-hours-${dialect}`, question: 'Open?', answer: 'Yes' }));
    expect(taken.state).toBe('failed');
    expect(taken.error).toMatchObject({ code: 'conflict', params: { suggestedId: `opening-hours-${dialect}-2` }, requestId: expect.stringMatching(/^req_/) });
  });

  it('asks a question, continues the session, shows the sources and the session summary', async () => {
    const first = dataOf(await api().ask({ profileId, question: 'How do I reset my password?' }));
    expect(first.answer).toEqual(expect.any(String));
    expect(first.sources.length).toBeGreaterThan(0);
    const next = dataOf(await api().ask({ profileId, question: 'And my invoice?', sessionId: first.sessionId }));
    expect(next.sessionId).toBe(first.sessionId);
    const summary = dataOf(await api().session({ profileId, id: first.sessionId }));
    expect(summary).toMatchObject({ id: first.sessionId, messageCount: 4 });
    const logs = dataOf(await api().chatLogs({ profileId, sessionId: first.sessionId, limit: 20 }));
    expect(logs.items.map((line) => line.text)).toContain('And my invoice?');
    expectEach(logs.items, (line) => line.sessionId === first.sessionId, `belong to session ${first.sessionId}`);
    // Every line is shown, with or without an id of its own, each under its own key.
    expect(logs.items).toHaveLength(4);
    expect(new Set(logs.items.map((line) => line.id)).size).toBe(4);
  });

  it('reads the analytics overview as sections of counts per status', async () => {
    const overview = dataOf(await api().analytics({ profileId }));
    const tickets = overview.sections.find((section) => section.name === 'tickets');
    expect(tickets!.total).toBeGreaterThan(0);
    expect(tickets!.byStatus.map((entry) => entry.status)).toEqual(expect.arrayContaining(['queued', 'closed']));
    expect(overview.sections.find((section) => section.name === 'chats')!.figures.map((figure) => figure.name)).toEqual(['sessions', 'messages']);
    expect(overview.generatedAt).not.toBeNull();
  });
});
