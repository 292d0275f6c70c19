// Issue 45: what the encrypted database costs. The same cache of tickets in a plain file and in an
// encrypted one (openDatabase with a key, as the app opens it), the same work on each, alternated
// round by round so a busy machine slows both alike: a sync's store of a page of tickets (P2's
// write), an inbox page with its total (P6's read), a full-text search (P10's). The plain file is
// the baseline; the encrypted row's ratio must stay at most 1.15. Each row is named after the
// figure whose work it repeats (issue 45: "P2, P6 and P10 each get a row with the encrypted
// database beside the plain one"). P3's, P5's and P9's rows are at-rest-cache.ts's, the first
// conversion of a large plain file at-rest-conversion.ts's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Db } from '../../src-main/core/db/database.ts';
import { newDatabaseKey } from '../../src-main/core/secrets/database-key.ts';
import { TicketRepository } from '../../src-main/core/support/tickets/ticket-repository.ts';
import type { WireTicket } from '../../src-main/core/support/tickets/ticket-wire.ts';
import { insertProfileRow } from '../../test/support/profile-row.ts';
import { row, type Figure, type FigureRow } from '../figure.ts';
import { conversionRows } from './at-rest-conversion.ts';
import { encryptedCacheRows } from './at-rest-cache.ts';

const STATUSES = ['offline', 'queued', 'active', 'closed', 'escalated'];
const WORDS = ['router', 'invoice', 'refund', 'firmware', 'password', 'latency', 'backup', 'licence'];

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function ticket(i: number, nowMs: number): WireTicket {
  const at = new Date(nowMs - i * 60_000).toISOString();
  const word = WORDS[i % WORDS.length]!;
  return {
    id: `tkt_${String(i).padStart(7, '0')}`,
    status: STATUSES[i % STATUSES.length]!,
    subject: `Problem ${i} with the ${word}`,
    channel: 'web',
    offline: i % 5 === 0,
    visitorName: `Visitor ${i % 700}`,
    visitorEmail: `visitor${i % 700}@example.com`,
    contactId: null,
    messageCount: 1 + (i % 6),
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    closeNote: null,
    lastMessage: { id: `msg_${i}`, from: 'visitor', author: `Visitor ${i % 700}`, text: `Any news about the ${word} of ticket ${i}? It has been a while since we wrote.`, createdAt: at },
    messages: null,
    other: {},
  };
}

interface Side {
  db: Db;
  tickets: TicketRepository;
  store: number[];
  list: number[];
  search: number[];
}

async function ticketRows(quick: boolean): Promise<FigureRow[]> {
  const cached = quick ? 5_000 : 100_000;
  const rounds = quick ? 10 : 60;
  const now = Date.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-at-rest-'));
  const open = (name: string, key: string | null): Side => {
    const db = openDatabase(path.join(dir, name, 'opsdesk.sqlite'), undefined, { key });
    insertProfileRow(db, 'bench', 'support', 'Bench');
    const tickets = new TicketRepository(db);
    for (let from = 0; from < cached; from += 5_000) {
      tickets.store('bench', Array.from({ length: Math.min(5_000, cached - from) }, (_, i) => ticket(from + i, now)), { news: false, syncedAt: new Date(now).toISOString() });
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { db, tickets, store: [], list: [], search: [] };
  };
  const { mkdirSync } = await import('node:fs');
  mkdirSync(path.join(dir, 'plain'));
  mkdirSync(path.join(dir, 'encrypted'));
  const sides = { plain: open('plain', null), encrypted: open('encrypted', newDatabaseKey()) };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? [sides.plain, sides.encrypted] : [sides.encrypted, sides.plain]) {
        const page = Array.from({ length: 200 }, (_, i) => ({ ...ticket(cached + round * 200 + i, now), status: 'active' }));
        let start = performance.now();
        side.tickets.store('bench', page, { news: false, syncedAt: new Date(now).toISOString() });
        side.store.push(performance.now() - start);
        start = performance.now();
        side.tickets.query('bench', { status: [STATUSES[round % STATUSES.length]!] }, (round * 997) % Math.max(1, cached / 10), 100);
        side.list.push(performance.now() - start);
        start = performance.now();
        side.tickets.query('bench', { text: WORDS[round % WORDS.length]! }, 0, 100);
        side.search.push(performance.now() - start);
      }
    }
    const rowOf = (what: string, key: 'store' | 'list' | 'search') =>
      row(`${what}, encrypted database beside the plain one, median`, 'ms', median(sides.encrypted[key]), median(sides.plain[key]), { ratioAtMost: 1.15 }, 'baseline: the same work on a plain file');
    return [
      rowOf("At rest (P2's store): a sync storing 200 tickets", 'store'),
      rowOf(`At rest (P6's read): an inbox page and its total over ${cached.toLocaleString('en')} tickets`, 'list'),
      rowOf("At rest (P10's search): a full-text ticket search", 'search'),
    ];
  } finally {
    sides.plain.db.close();
    sides.encrypted.db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const atRest: Figure = {
  id: 'at-rest',
  async run({ quick }) {
    return [...(await ticketRows(quick)), ...(await encryptedCacheRows(quick)), ...(await conversionRows(quick))];
  },
};
