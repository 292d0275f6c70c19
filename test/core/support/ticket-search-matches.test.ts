// The inbox's text search asks the ticket index once per words (issue 27, P6): the rows, their count
// and the counts per status of the same words read the matches held from that one search, and give
// what the statement that searched the index itself gives; a change to the tickets, through this
// connection or another, is searched again.
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, registerSqlFunctions, type Db } from '../../../src-main/core/db/database.ts';
import { TicketRepository, type TicketFilter } from '../../../src-main/core/support/tickets/ticket-repository.ts';
import type { WireTicket } from '../../../src-main/core/support/tickets/ticket-wire.ts';
import type { TicketSort } from '../../../src-shared/contract/support.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let dir: string;
let file: string;
let db: Db;
let tickets: TicketRepository;

const TOPICS = ['refund', 'router', 'invoice', 'password reset', 'firewall rule', 'delivery'];
const STATUSES = ['queued', 'active', 'offline', 'closed'];

function ticket(index: number, profileId: string): WireTicket {
  const at = new Date(Date.UTC(2026, 10, 1) + index * 3_600_000).toISOString();
  const topic = TOPICS[index % TOPICS.length]!;
  const messages = [0, 1, 2].map((step) => ({
    id: `${profileId}-${index}-m${step}`,
    from: step % 2 === 0 ? 'visitor' : 'agent',
    author: null,
    text: `Message ${step}: the ${TOPICS[(index + step) % TOPICS.length]} for order ${(index * 7 + step) % 90} since Monday`,
    createdAt: at,
  }));
  const status = STATUSES[index % STATUSES.length]!;
  return {
    id: `${profileId}-tkt-${String(index).padStart(4, '0')}`, status, subject: `Problem ${index} with my ${topic}`, channel: 'web', offline: status === 'offline',
    visitorName: `Visitor ${index % 13}`, visitorEmail: `visitor${index % 13}@example.com`, contactId: null, messageCount: messages.length,
    createdAt: at, updatedAt: at, closedAt: null, closeNote: null, lastMessage: messages.at(-1)!, messages, other: {},
  };
}

const store = (profileId: string, from: number, to: number) =>
  tickets.store(profileId, Array.from({ length: to - from }, (_, offset) => ticket(from + offset, profileId)), { news: false, syncedAt: new Date().toISOString() });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-ticket-search-'));
  file = path.join(dir, 'opsdesk.sqlite');
  db = openDatabase(file);
  insertProfileRow(db, 'desk', 'support');
  insertProfileRow(db, 'other', 'support');
  tickets = new TicketRepository(db);
  store('desk', 0, 240);
  store('other', 0, 60);
  tickets.markUnread('desk', ['desk-tkt-0003', 'desk-tkt-0010', 'desk-tkt-0042', 'desk-tkt-0100'], true);
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Rows, count, counts per status and ids for a filter, as the inbox asks them one after another. */
function answers(filter: TicketFilter, sort: TicketSort = 'activity') {
  const page = tickets.query('desk', filter, 10, 25, sort);
  return {
    rows: page.rows.map((row) => row.id),
    total: page.total,
    counts: tickets.counts('desk', { text: filter.text, since: filter.since }),
    ids: tickets.ids('desk', filter, sort, 1000),
  };
}

/** The same, each statement searching the index itself: inside a transaction nothing is held. */
const searchingEachTime = (filter: TicketFilter, sort?: TicketSort) => db.transaction(() => answers(filter, sort))();

const filters: [string, TicketFilter, TicketSort?][] = [
  ['words in the thread', { text: 'refund order' }],
  ['a phrase and a number prefix', { text: 'password reset 4' }],
  ['the visitor', { text: 'Visitor 7' }],
  ['a ticket id', { text: 'desk-tkt-0042' }],
  ['words with a status, oldest first', { text: 'router Monday', status: ['active', 'closed'] }, 'oldest'],
  ['words, unread only', { text: 'message', unreadOnly: true }],
  ['words, offline only, recent', { text: 'firewall', offlineOnly: true, since: new Date(Date.UTC(2026, 10, 5)).toISOString() }],
  ['words nothing has', { text: 'nothing like this' }],
];

describe('the inbox text search over held matches', () => {
  it.each(filters)('gives the rows, count, counts per status and ids the searching statement gives: %s', (_name, filter, sort) => {
    const held = answers(filter, sort);
    expect(held).toEqual(searchingEachTime(filter, sort));
    // Asked again with the same words (and another page), from the held matches: the same.
    expect(answers(filter, sort)).toEqual(held);
  });

  it('narrows for real: words find fewer tickets than there are, and only the profile asked for', () => {
    const { total, ids } = answers({ text: 'refund order' });
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThan(240);
    expect(ids.every((id) => id.startsWith('desk-'))).toBe(true);
    expect(tickets.query('other', { text: 'refund order' }, 0, 100).rows.every((row) => row.id.startsWith('other-'))).toBe(true);
    expect(answers({ text: 'refund order' }).total).toBe(total);
  });

  it('searches the index once for the rows, their count and the counts per status of the same words', () => {
    const statements: string[] = [];
    const watched = new Database(file, { verbose: (sql) => statements.push(String(sql)) });
    try {
      registerSqlFunctions(watched);
      const repository = new TicketRepository(watched);
      statements.length = 0;
      repository.query('desk', { text: 'invoice order' }, 0, 100);
      repository.counts('desk', { text: 'invoice order' });
      repository.query('desk', { text: 'invoice order', status: ['queued'] }, 0, 100);
      repository.query('desk', { text: 'invoice order' }, 100, 100);
      expect(statements.filter((sql) => sql.includes('MATCH'))).toHaveLength(1);
      repository.query('desk', { text: 'invoice orders' }, 0, 100);
      expect(statements.filter((sql) => sql.includes('MATCH'))).toHaveLength(2);
    } finally {
      watched.close();
    }
  });

  it('searches again once the tickets changed, through this connection or another', () => {
    const before = answers({ text: 'delivery' });
    store('desk', 240, 252);
    const added = answers({ text: 'delivery' });
    expect(added.total).toBeGreaterThan(before.total);
    expect(added).toEqual(searchingEachTime({ text: 'delivery' }));

    const renamed = tickets.ids('desk', {}, 'activity', 1000).find((id) => !added.ids.includes(id))!;
    const another = new Database(file);
    try {
      another.prepare("UPDATE support_tickets SET subject = 'Late delivery' WHERE profile_id = 'desk' AND id = ?").run(renamed);
      another.prepare("DELETE FROM support_tickets WHERE profile_id = 'desk' AND id = ?").run(added.ids[0]);
    } finally {
      another.close();
    }
    const changed = answers({ text: 'delivery' });
    expect(changed.ids).toContain(renamed);
    expect(changed.total).toBe(added.total);
    expect(changed).toEqual(searchingEachTime({ text: 'delivery' }));
  });
});
