// P6, the query half: with 10,000 cached tickets, a status filter as the inbox asks it (the
// service's query: a page of 100 and the total) against the bare SQLite statement behind it. The
// cache is filled through the repository, as sync fills it; the Chromium half is the inbox's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src-main/core/db/database.ts';
import { SettingsTable } from '../../src-main/core/db/settings.ts';
import { SupportPageSizes } from '../../src-main/core/support/page-sizes.ts';
import { SyncStateRepository } from '../../src-main/core/sync/sync-state-repository.ts';
import { TicketRepository } from '../../src-main/core/support/tickets/ticket-repository.ts';
import { TicketService } from '../../src-main/core/support/tickets/ticket-service.ts';
import type { WireTicket } from '../../src-main/core/support/tickets/ticket-wire.ts';
import { SyncBudget } from '../../src-main/core/sync/sync-budget.ts';
import { systemClock } from '../../src-main/core/lifecycle/clock.ts';
import { createLogger } from '../../src-main/core/log/logger.ts';
import { row, type Figure } from '../figure.ts';
import { insertProfileRow } from '../../test/support/profile-row.ts';

const STATUSES = ['offline', 'queued', 'active', 'closed', 'escalated'];

const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

function ticket(i: number, nowMs: number): WireTicket {
  const at = new Date(nowMs - i * 60_000).toISOString();
  return {
    id: `tkt_${String(i).padStart(6, '0')}`,
    status: STATUSES[i % STATUSES.length]!,
    subject: `Problem ${i} with the router`,
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
    lastMessage: { id: `msg_${i}`, from: 'visitor', author: `Visitor ${i % 700}`, text: `Any news about ticket ${i}?`, createdAt: at },
    messages: null,
    other: {},
  };
}

export const p6TicketQuery: Figure = {
  id: 'P6',
  async run({ quick }) {
    const count = 10_000;
    const rounds = quick ? 20 : 200;
    const dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-bench-p6-'));
    const db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
    try {
      insertProfileRow(db, 'bench', 'support', 'Bench');
      const repository = new TicketRepository(db);
      const now = Date.now();
      repository.store('bench', Array.from({ length: count }, (_, i) => ticket(i, now)), { news: false, syncedAt: new Date(now).toISOString() });
      const clients = { clientFor: (): never => { throw new Error('P6 reads the cache only'); } };
      const service = new TicketService({
        clients,
        outbox: { own: () => {}, submit: () => { throw new Error('P6 reads the cache only'); }, get: () => null },
        repository,
        state: new SyncStateRepository(db),
        budget: new SyncBudget(systemClock),
        rateOf: () => ({ requests: 60, windowMs: 60_000 }),
        pageSizes: new SupportPageSizes(clients, new SettingsTable(db)),
        clock: systemClock,
        logger: createLogger({ sink: () => {} }),
        keptDays: () => null,
      });
      const bare = db.prepare<{ status: string }, unknown>(
        `SELECT id, status, subject, last_message, unread FROM support_tickets WHERE profile_id = 'bench' AND status = @status
         ORDER BY activity_at DESC, id DESC LIMIT 100`,
      );
      const serviceMs: number[] = [];
      const bareMs: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const status = STATUSES[round % STATUSES.length]!;
        let start = performance.now();
        const page = service.query({ profileId: 'bench', status: [status], limit: 100 });
        serviceMs.push(performance.now() - start);
        start = performance.now();
        bare.all({ status });
        bareMs.push(performance.now() - start);
        if (page.total !== count / STATUSES.length || page.rows.length !== 100) throw new Error(`P6 read ${page.rows.length} of ${page.total} ${status} tickets`);
      }
      return [row(`P6 status filter over ${count.toLocaleString('en')} cached tickets, p95`, 'ms', p95(serviceMs), p95(bareMs), { measuredBelow: 30 }, 'baseline: the bare SQLite page without the total')];
    } finally {
      db.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
