// The inbox's search and filters over the cached tickets (issue 27, item 1), as the repository
// answers them from a real SQLite file: words anywhere in the thread, the visitor or the subject,
// status, unread, offline messages, recent activity, three orders, counts under the words, and
// every matching id for "select all".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { TicketRepository } from '../../../src-main/core/support/tickets/ticket-repository.ts';
import type { WireTicket } from '../../../src-main/core/support/tickets/ticket-wire.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let dir: string;
let db: Db;
let tickets: TicketRepository;

const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();

function ticket(id: string, fields: Partial<WireTicket> & { texts?: string[] }): WireTicket {
  const { texts = ['Hello'], ...rest } = fields;
  const messages = texts.map((text, index) => ({ id: `${id}-m${index}`, from: 'visitor', author: null, text, createdAt: rest.updatedAt ?? null }));
  return {
    id, status: 'queued', subject: null, channel: 'web', offline: false, visitorName: null, visitorEmail: null, contactId: null,
    messageCount: messages.length, createdAt: null, updatedAt: null, closedAt: null, closeNote: null, lastMessage: messages.at(-1) ?? null,
    messages, other: {}, ...rest,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-inbox-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  insertProfileRow(db, 'desk', 'support');
  insertProfileRow(db, 'other', 'support');
  tickets = new TicketRepository(db);
  tickets.store('desk', [
    ticket('t1', { subject: 'Invoice is wrong', visitorName: 'Sofia Rossi', createdAt: at(1), updatedAt: at(20), texts: ['My invoice shows the wrong VAT', 'Any news?'] }),
    ticket('t2', { subject: 'Router keeps rebooting', visitorName: 'Li Wei', visitorEmail: 'li@example.cn', createdAt: at(5), updatedAt: at(6), status: 'active', texts: ['It reboots every hour', 'The invoice was fine though'] }),
    ticket('t3', { subject: 'Left while away', visitorName: 'Ana Souza', createdAt: at(10), updatedAt: at(12), status: 'offline', offline: true, texts: ['Call me back about the router'] }),
    ticket('t4', { subject: 'Thanks', visitorName: 'Sofia Rossi', createdAt: at(15), updatedAt: at(16), status: 'closed', texts: ['All good now'] }),
    ticket('t5', { subject: '我的发票有问题', visitorName: '王芳', createdAt: at(3), updatedAt: at(3), status: 'closed', texts: ['请尽快退款，谢谢'] }),
  ], { news: false, syncedAt: at(21) });
  tickets.store('other', [ticket('o1', { subject: 'Invoice elsewhere', createdAt: at(2), updatedAt: at(2) })], { news: false, syncedAt: at(21) });
  tickets.markUnread('desk', ['t2', 't3'], true);
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const idsOf = (filter: Parameters<TicketRepository['query']>[1], sort?: Parameters<TicketRepository['query']>[4]) => tickets.query('desk', filter, 0, 100, sort).rows.map((row) => row.id);

describe('the inbox search and filters', () => {
  it('finds words in any message of the thread, the subject, the visitor and the email, as word prefixes, in one profile only', () => {
    expect(idsOf({ text: 'invoice' })).toEqual(['t1', 't2']);
    expect(idsOf({ text: 'VAT' })).toEqual(['t1']);
    expect(idsOf({ text: 'reboo' })).toEqual(['t2']);
    expect(idsOf({ text: 'sofia' })).toEqual(['t1', 't4']);
    expect(idsOf({ text: 'example.cn' })).toEqual(['t2']);
    expect(idsOf({ text: 'router call' })).toEqual(['t3']);
    expect(idsOf({ text: 't4' })).toEqual(['t4']);
    expect(idsOf({ text: 'nothing like this' })).toEqual([]);
    // Too short for the index: looked for in the subject and the visitor instead.
    expect(idsOf({ text: 'Z' })).toEqual(['t3']);
    // Chinese has no spaces between words: a word in the middle of a sentence is found too.
    expect(idsOf({ text: '发票' })).toEqual(['t5']);
    expect(idsOf({ text: '退款' })).toEqual(['t5']);
  });

  it('narrows by status, unread, offline message and recent activity, together with words', () => {
    expect(idsOf({ status: ['active', 'offline'] })).toEqual(['t3', 't2']);
    expect(idsOf({ unreadOnly: true })).toEqual(['t3', 't2']);
    expect(idsOf({ offlineOnly: true })).toEqual(['t3']);
    expect(idsOf({ since: at(12) })).toEqual(['t1', 't4', 't3']);
    expect(idsOf({ text: 'invoice', unreadOnly: true })).toEqual(['t2']);
  });

  it('orders by latest activity, newest opened or oldest opened', () => {
    expect(idsOf({})).toEqual(['t1', 't4', 't3', 't2', 't5']);
    expect(idsOf({}, 'newest')).toEqual(['t4', 't3', 't2', 't5', 't1']);
    expect(idsOf({}, 'oldest')).toEqual(['t1', 't5', 't2', 't3', 't4']);
  });

  it('counts each status with its unread and offline tickets under the words and time, and lists every matching id', () => {
    expect(tickets.counts('desk')).toEqual(expect.arrayContaining([
      { status: 'queued', count: 1, unread: 0, offline: 0 },
      { status: 'active', count: 1, unread: 1, offline: 0 },
      { status: 'offline', count: 1, unread: 1, offline: 1 },
      { status: 'closed', count: 2, unread: 0, offline: 0 },
    ]));
    expect(tickets.counts('desk', { text: 'invoice' })).toEqual([{ status: 'active', count: 1, unread: 1, offline: 0 }, { status: 'queued', count: 1, unread: 0, offline: 0 }]);
    expect(tickets.counts('desk', { since: at(17) })).toEqual([{ status: 'queued', count: 1, unread: 0, offline: 0 }]);
    expect(tickets.ids('desk', { text: 'sofia' }, 'oldest', 1000)).toEqual(['t1', 't4']);
    expect(tickets.ids('desk', {}, 'activity', 2)).toEqual(['t1', 't4']);
  });

  it('marks tickets unread and read again, counting only those that changed', () => {
    expect(tickets.markUnread('desk', ['t1', 't2'], true)).toBe(1);
    expect(idsOf({ unreadOnly: true })).toEqual(['t1', 't3', 't2']);
    expect(tickets.markUnread('desk', ['t1'], false)).toBe(1);
    expect(idsOf({ unreadOnly: true })).toEqual(['t3', 't2']);
  });
});
