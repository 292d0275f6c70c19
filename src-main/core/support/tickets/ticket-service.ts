// Support tickets: synced from the server into SQLite by the sync engine, read from there by the
// inbox, a ticket's thread read from the server when it is opened (the cached copy first); a new
// ticket, a message, a reply and a close go through the outbox (`ticket-writes.ts`).
import type { z } from 'zod';
import type { KeptDays } from '../../../../src-shared/contract/local-data.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { CacheChanged } from '../../../../src-shared/contract/sync.ts';
import type { createTicketSchema, TicketCountsQuery, TicketDetail, TicketQuery, TicketRow, TicketStatusCount } from '../../../../src-shared/contract/support.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import { TICKET_BULK_LIMIT, ticketCountsSchema, ticketQuerySchema } from '../../../../src-shared/contract/support.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Logger } from '../../log/logger.ts';
import type { SyncBudget } from '../../sync/sync-budget.ts';
import type { SyncJob } from '../../sync/sync-scheduler.ts';
import { JoinedRuns } from '../../sync/joined-runs.ts';
import { cacheFirst } from '../cache-first.ts';
import { pruneStep } from '../cache-query.ts';
import type { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { walkCursor } from '../cursor-walk.ts';
import type { SupportPageSizes } from '../page-sizes.ts';
import type { RateOf, SupportClients } from '../support-clients.ts';
import type { SupportWriteQueue } from '../support-outbox.ts';
import { redactStrings } from '../../log/redactor.ts';
import { unwrappedFieldsOf, type Fields } from '../../wire/read.ts';
import { otherFieldsOf, readOne, readPage } from '../support-wire.ts';
import type { TicketRepository} from './ticket-repository.ts';
import { type CachedTicket, type StoredTickets } from './ticket-repository.ts';
import { readTicket, type WireTicket } from './ticket-wire.ts';
import { closeTicketWrite, createTicketWrite, replyToTicketWrite, sendVisitorMessageWrite } from './ticket-writes.ts';

/** How often a sync reads the whole list rather than only until nothing changed. */
export const FULL_TICKET_WALK_MS = 15 * 60_000;
const SYNC_RESOURCE = 'support:tickets';

export interface TicketNews {
  profileId: string;
  added: WireTicket[];
  visitorWrote: WireTicket[];
}

export interface TicketServiceOptions {
  clients: SupportClients;
  outbox: SupportWriteQueue;
  repository: TicketRepository;
  state: SyncStateRepository;
  budget: SyncBudget;
  rateOf: RateOf;
  pageSizes: SupportPageSizes;
  clock: Clock;
  logger: Logger;
  /** How long a ticket stays after its last activity (Settings → Data on this computer); null: no age limit. */
  keptDays(kind: 'tickets'): KeptDays;
}

function toDetail(ticket: CachedTicket, from: TicketDetail['from']): TicketDetail {
  const { messages, other, ...row } = ticket;
  const thread = messages ?? [];
  // A message the list brought after the thread was last read.
  const last = row.lastMessage;
  const withLast = last && !thread.some((message) => message.id === last.id) ? [...thread, last] : thread;
  return { ...row, messages: withLast, otherFields: otherFieldsOf(other), from };
}

/** A time as activity_at is stored (UTC, milliseconds), so text order is time order. */
const inUtc = (time: string | undefined) => (time === undefined ? undefined : new Date(time).toISOString());

export class TicketService {
  readonly #options: TicketServiceOptions;
  /** Every ticket read from the server, with any key it echoed back masked before it is stored. */
  readonly #read = (fields: Fields): WireTicket | undefined => redactStrings(readTicket(fields), this.#options.logger.redact);
  readonly #changed = new Emitter<CacheChanged<'tickets'>>();
  readonly onChanged = this.#changed.event;
  readonly #news = new Emitter<TicketNews>();
  /** New tickets and new visitor messages a sync found after the first one (the backfill is not news). */
  readonly onNews = this.#news.event;
  readonly #lastFullWalk = new Map<string, number>();
  readonly #syncs = new JoinedRuns<string>();

  constructor(options: TicketServiceOptions) {
    this.#options = options;
    options.outbox.own('ticket', { applySent: ({ profileId, response }) => this.storeAnswer(profileId, response) });
  }

  query(request: TicketQuery): CachedPage<TicketRow> {
    const { profileId, sort, offset, limit, ...filter } = ticketQuerySchema.parse(request);
    const page = this.#options.repository.query(profileId, { ...filter, since: inUtc(filter.since) }, offset, limit, sort);
    return { ...page, offset, syncedAt: this.#options.state.lastSyncedAt(profileId, SYNC_RESOURCE) };
  }

  /** Every id the query matches, in its order, for "select all matching". */
  ids(request: Omit<TicketQuery, 'offset' | 'limit'>): string[] {
    const { profileId, sort, offset: _offset, limit: _limit, ...filter } = ticketQuerySchema.parse(request);
    return this.#options.repository.ids(profileId, { ...filter, since: inUtc(filter.since) }, sort, TICKET_BULK_LIMIT);
  }

  counts(request: TicketCountsQuery): TicketStatusCount[] {
    const { profileId, text, since } = ticketCountsSchema.parse(request);
    return this.#options.repository.counts(profileId, { text, since: inUtc(since) });
  }

  /** As `cacheFirst` says: the cached copy at once, else (or `fresh`) the server's, else the cache with the reason. */
  async detail(profileId: string, ticketId: string, fresh: boolean): Promise<TicketDetail> {
    return cacheFirst({
      cached: this.#options.repository.find(profileId, ticketId),
      fresh,
      fetch: () => this.#fetch(profileId, ticketId),
      toDetail,
      logger: this.#options.logger,
      what: 'ticket',
    });
  }

  markRead(profileId: string, ticketIds: string[]): null {
    return this.#markUnread(profileId, ticketIds, false);
  }

  markUnread(profileId: string, ticketIds: string[]): null {
    return this.#markUnread(profileId, ticketIds, true);
  }

  #markUnread(profileId: string, ticketIds: string[], unread: boolean): null {
    if (this.#options.repository.markUnread(profileId, ticketIds, unread) > 0) this.#changed.fire({ profileId, resource: 'tickets', ids: ticketIds });
    return null;
  }

  createTicket(request: z.output<typeof createTicketSchema>): Promise<OutboxEntry> {
    return this.#options.outbox.submit(createTicketWrite(request));
  }

  sendVisitorMessage(profileId: string, ticketId: string, text: string): Promise<OutboxEntry> {
    return this.#options.outbox.submit(sendVisitorMessageWrite(profileId, ticketId, text));
  }

  replyToTicket(profileId: string, ticketId: string, text: string): Promise<OutboxEntry> {
    return this.#options.outbox.submit(replyToTicketWrite(profileId, ticketId, text));
  }

  closeTicket(profileId: string, ticketId: string, note: string | undefined): Promise<OutboxEntry> {
    return this.#options.outbox.submit(closeTicketWrite(profileId, ticketId, note));
  }

  /**
   * A close per ticket, each its own write with its own key, all stored before the first leaves (a
   * crash or a dead server mid-batch loses none, and none goes twice); answers the stored entries at
   * once. They go out within the key's rate, as the profile's limiter lets them.
   */
  async closeTickets(profileId: string, ticketIds: string[], note: string | undefined): Promise<OutboxEntry[]> {
    const { outbox, logger } = this.#options;
    const stored: string[] = [];
    const sends = [...new Set(ticketIds)].map((ticketId) => outbox.submit(closeTicketWrite(profileId, ticketId, note), (id) => stored.push(id)));
    // A write that could not be stored (the profile was removed) says why.
    if (stored.length < sends.length) await Promise.all(sends);
    for (const send of sends) send.catch((error: unknown) => logger.warn('a close of a batch stopped', { error }));
    return stored.flatMap((id) => outbox.get(id) ?? []);
  }

  /** A write's answer (the ticket as it is now) goes into the cache. */
  storeAnswer(profileId: string, answer: unknown): void {
    const fields = unwrappedFieldsOf(answer);
    const ticket = fields && this.#read(fields);
    if (ticket) this.#store(profileId, [ticket], false);
  }

  syncJob(profileId: string): SyncJob<'tickets'> {
    const { state, repository } = this.#options;
    return {
      profileId,
      resource: 'tickets',
      run: (report, signal) => this.sync(profileId, report, signal),
      lastSyncedAt: () => state.lastSyncedAt(profileId, SYNC_RESOURCE),
      cachedCount: () => repository.count(profileId),
    };
  }

  /** Walks the desk's tickets into the cache; a sync already running for the desk is joined. */
  sync(profileId: string, report: (progress: { fetched: number; total: number | null }) => void = () => {}, signal?: AbortSignal): Promise<void> {
    return this.#syncs.run(profileId, () => this.#walk(profileId, report, signal));
  }

  async #walk(profileId: string, report: (progress: { fetched: number; total: number | null }) => void, signal: AbortSignal | undefined): Promise<void> {
    const { clients, repository, state, budget, rateOf, pageSizes, clock } = this.#options;
    const start = state.get(profileId, SYNC_RESOURCE);
    const first = start.settledWalk === 0;
    const now = clock.now();
    const full = first || now - (this.#lastFullWalk.get(profileId) ?? 0) >= FULL_TICKET_WALK_MS;
    state.beginWalk(profileId, SYNC_RESOURCE, start.settledWalk + 1);
    const found: StoredTickets = { added: [], visitorWrote: [], changed: 0 };
    const changedIds: string[] = [];
    await walkCursor(
      {
        profileId,
        path: '/tickets',
        full,
        fetchPage: async (cursor, limit, pageSignal) => {
          const result = await clients.clientFor(profileId, 'support').call({
            method: 'GET',
            path: '/tickets',
            query: { include: 'last_message', limit, cursor },
            ...(pageSignal ? { signal: pageSignal } : {}),
          });
          return readPage(result, this.#read);
        },
        store: (tickets) => {
          const stored = repository.store(profileId, tickets, { news: !first, syncedAt: new Date(clock.now()).toISOString() });
          found.added.push(...stored.added);
          found.visitorWrote.push(...stored.visitorWrote);
          found.changed += stored.changed;
          if (stored.changed > 0) changedIds.push(...tickets.map((ticket) => ticket.id));
          return stored.changed > 0;
        },
      },
      { budget, rateOf, pageSizes },
      { onProgress: report, ...(signal ? { signal } : {}) },
    );
    state.completeWalk(profileId, SYNC_RESOURCE, new Date(clock.now()).toISOString());
    if (full) this.#lastFullWalk.set(profileId, now);
    const pruned = this.#prune(profileId);
    if (found.changed > 0 || pruned > 0) this.#changed.fire(pruned > 0 || changedIds.length > 500 ? { profileId, resource: 'tickets' } : { profileId, resource: 'tickets', ids: changedIds });
    if (found.added.length > 0 || found.visitorWrote.length > 0) this.#news.fire({ profileId, added: found.added, visitorWrote: found.visitorWrote });
  }

  /** One step of the cache's retention for a connection (a removed one's kept rows too); the background pruning calls it until less than a step goes. */
  prune(profileId: string): number {
    const pruned = this.#prune(profileId);
    if (pruned > 0) this.#changed.fire({ profileId, resource: 'tickets' });
    return pruned;
  }

  cachedProfiles(): string[] {
    return this.#options.repository.cachedProfiles();
  }

  /** Tickets quiet for longer than the analyst keeps them, and the oldest beyond the cap, leave the cache; one a case holds or a write waits on stays. */
  #prune(profileId: string): number {
    const { repository, clock, keptDays } = this.#options;
    return repository.prune(profileId, pruneStep('ticket', keptDays('tickets'), clock.now()));
  }

  async #fetch(profileId: string, ticketId: string): Promise<CachedTicket> {
    const result = await this.#options.clients.clientFor(profileId, 'support').call({ method: 'GET', path: `/tickets/${encodeURIComponent(ticketId)}` });
    const ticket = readOne(result, this.#read);
    this.#store(profileId, [ticket], false);
    return this.#options.repository.find(profileId, ticket.id)!;
  }

  #store(profileId: string, tickets: WireTicket[], news: boolean): void {
    const stored = this.#options.repository.store(profileId, tickets, { news, syncedAt: new Date(this.#options.clock.now()).toISOString() });
    if (stored.changed > 0) this.#changed.fire({ profileId, resource: 'tickets', ids: tickets.map((ticket) => ticket.id) });
  }

  dispose(): void {
    this.#changed.dispose();
    this.#news.dispose();
  }
}
