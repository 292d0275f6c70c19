// The support workspace's main side, put together: what a key may do (/meta), the caches (tickets
// synced in the background, contacts and work items refreshed when opened and on an interval), the
// calls the user waits for, every write through the outbox, and the notifications new tickets and
// visitor messages raise.
import type { OutboxEntry } from '../../../src-preload/contract/outbox.ts';
import type { z } from 'zod';
import type {
  addFaqSchema, ContactStatus, createContactSchema, createTicketSchema, createWorkItemSchema, FollowUpKind, WorkStatus,
  ContactDetail, ContactQuery, ContactRow, SupportPage, WorkItemDetail, WorkItemRow, WorkQuery,
} from '../../../src-preload/contract/support.ts';
import { contactQuerySchema, workQuerySchema } from '../../../src-preload/contract/support.ts';
import type { SupportResource, SyncStatus } from '../../../src-preload/contract/sync.ts';
import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationCenter } from '../notifications/notification-center.ts';
import { SyncBudget } from '../sync/sync-budget.ts';
import { SyncScheduler } from '../sync/sync-scheduler.ts';
import { SyncStateRepository } from '../sync/sync-state-repository.ts';
import { AccessService, type SupportProfileFacts } from './access/access-service.ts';
import { AnalyticsService } from './analytics/analytics-service.ts';
import { ChatLogService } from './chat-logs/chat-log-service.ts';
import { readContact, readPhone, type WireContact } from './contacts/contact-wire.ts';
import { ContactRepository, type CachedContact, type ContactFilter } from './contacts/contact-repository.ts';
import type { DetailParts } from './follow-up-wire.ts';
import { KbService } from './kb/kb-service.ts';
import { QaService } from './qa/qa-service.ts';
import { RecordCache } from './record-cache.ts';
import type { RateOf, SupportClients } from './support-clients.ts';
import { otherFieldsOf, readOne } from './support-wire.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { SupportWrites } from './support-writes.ts';
import { TicketRepository } from './tickets/ticket-repository.ts';
import { TicketService, type TicketNews } from './tickets/ticket-service.ts';
import { readWorkItem, type WireWorkItem } from './work/work-wire.ts';
import { WorkRepository, type CachedWorkItem, type WorkFilter } from './work/work-repository.ts';
import {
  addFaqWrite, closeTicketWrite, contactFollowUpWrite, contactStatusWrite, createContactWrite, createTicketWrite, createWorkItemWrite,
  robotReplyWrite, visitorMessageWrite, workFollowUpWrite, workStatusWrite,
} from './write-requests.ts';

/** How often the inbox asks for new tickets, and contacts and work items are read again. */
export const SUPPORT_SYNC_INTERVALS: Readonly<Record<SupportResource, number>> = { tickets: 30_000, contacts: 5 * 60_000, work: 5 * 60_000 };

export interface SupportWorkspaceOptions {
  db: Db;
  settings: SettingsTable;
  clients: SupportClients;
  /** The support profiles there are now, with the names notifications show, their site and whether their key is live. */
  profiles(): ({ id: string; name: string } & SupportProfileFacts)[];
  rateOf: RateOf;
  outbox: Outbox;
  notifications: NotificationCenter;
  translator: Translator;
  logger: Logger;
  clock: Clock;
}

/** A cached contact or work item as its detail shows it. */
function followedDetail<Row>(cached: Row & DetailParts, from: 'server' | 'cache'): Omit<Row, keyof DetailParts> & Pick<ContactDetail, 'follows' | 'otherFields' | 'from' | 'error'> {
  const { follows, other, ...row } = cached;
  return { ...row, follows: follows ?? [], otherFields: otherFieldsOf(other), from };
}

export class SupportWorkspace {
  readonly access: AccessService;
  readonly tickets: TicketService;
  readonly contacts: RecordCache<'contacts', WireContact, ContactRow, ContactFilter, CachedContact, ContactDetail>;
  readonly work: RecordCache<'work', WireWorkItem, WorkItemRow, WorkFilter, CachedWorkItem, WorkItemDetail>;
  readonly kb: KbService;
  readonly qa: QaService;
  readonly analytics: AnalyticsService;
  readonly chatLogs: ChatLogService;
  readonly sync: SyncScheduler<SupportResource>;
  readonly writes: SupportWrites;
  readonly #options: SupportWorkspaceOptions;
  readonly #contactRepository: ContactRepository;
  readonly #disposables = new DisposableStore();
  /** Refreshes run without the scheduler (background sync off), one at a time per list. */
  readonly #refreshing = new Map<string, Promise<void>>();
  #background = false;

  constructor(options: SupportWorkspaceOptions) {
    this.#options = options;
    const { db, clients, rateOf, clock, logger } = options;
    const state = new SyncStateRepository(db);
    const budget = new SyncBudget(clock);
    const shared = { clients, state, budget, rateOf, clock, logger };
    this.#contactRepository = new ContactRepository(db);
    this.access = new AccessService({ clients, settings: options.settings, clock, facts: (profileId) => this.#facts(profileId) });
    this.tickets = new TicketService({ ...shared, repository: new TicketRepository(db) });
    this.contacts = new RecordCache({
      ...shared,
      resource: 'contacts',
      path: '/contacts',
      read: readContact,
      repository: this.#contactRepository,
      toDetail: followedDetail,
      refresh: (profileId) => this.#refresh(profileId, 'contacts'),
    });
    this.work = new RecordCache({
      ...shared,
      resource: 'work',
      path: '/work',
      read: readWorkItem,
      repository: new WorkRepository(db),
      toDetail: followedDetail,
      refresh: (profileId) => this.#refresh(profileId, 'work'),
    });
    this.kb = new KbService(clients);
    this.qa = new QaService(clients);
    this.analytics = new AnalyticsService(clients);
    this.chatLogs = new ChatLogService(clients);
    this.sync = new SyncScheduler<SupportResource>({ clock, logger });
    this.writes = new SupportWrites({
      outbox: options.outbox,
      clients,
      logger,
      suggestFaqId: (profileId, taken) => this.kb.suggestFreeId(profileId, taken),
      noteFailure: (profileId, error) => this.access.noteFailure(profileId, error),
      applySent: (entry) => this.#applySent(entry),
    });
    this.#disposables.add(this.tickets.onNews((news) => this.#notifyTickets(news)));
  }

  /** Starts the background sync of every support profile. */
  start(): void {
    this.#background = true;
    for (const { id } of this.#options.profiles()) this.#startProfile(id);
  }

  /** A profile was saved or removed: what was learned of its key is forgotten, and its sync starts again or stops. */
  profileChanged(profileId: string): void {
    this.access.forget(profileId);
    this.sync.remove(profileId);
    if (this.#background && this.#options.profiles().some((profile) => profile.id === profileId)) this.#startProfile(profileId);
  }

  contactPage(request: ContactQuery): SupportPage<ContactRow> {
    const { profileId, status, text, offset, limit } = contactQuerySchema.parse(request);
    return this.contacts.page(profileId, { status, text }, offset, limit);
  }

  workPage(request: WorkQuery): SupportPage<WorkItemRow> {
    const { profileId, status, priority, contactId, ticketId, text, offset, limit } = workQuerySchema.parse(request);
    return this.work.page(profileId, { status, priority, contactId, ticketId, text }, offset, limit);
  }

  syncStatus(profileId: string): SyncStatus<SupportResource>[] {
    return this.sync.status(profileId);
  }

  /** A refresh now: the scheduled one when sync runs in the background, else one run, awaited. */
  async syncNow(profileId: string, resource?: SupportResource): Promise<null> {
    const resources = resource ? [resource] : (['tickets', 'contacts', 'work'] as const);
    if (this.sync.has(profileId)) resources.forEach((name) => this.sync.runNow(profileId, name));
    else await Promise.all(resources.map((name) => this.#runOnce(profileId, name)));
    return null;
  }

  /** The unmasked phone, asked of the server now; it goes to the window only, never to the cache or the log. */
  async revealPhone(profileId: string, contactId: string): Promise<{ phone: string | null }> {
    const result = await this.#options.clients.clientFor(profileId, 'support').call({
      method: 'GET',
      path: `/contacts/${encodeURIComponent(contactId)}`,
      query: { unmask: 'phone' },
    });
    return { phone: readOne(result, (fields) => ({ phone: readPhone(fields) })).phone };
  }

  createTicket(request: z.output<typeof createTicketSchema>): Promise<OutboxEntry> {
    return this.writes.submit(createTicketWrite(request));
  }

  sendVisitorMessage(profileId: string, ticketId: string, text: string): Promise<OutboxEntry> {
    return this.writes.submit(visitorMessageWrite(profileId, ticketId, text));
  }

  replyToTicket(profileId: string, ticketId: string, text: string): Promise<OutboxEntry> {
    return this.writes.submit(robotReplyWrite(profileId, ticketId, text));
  }

  closeTicket(profileId: string, ticketId: string, note: string | undefined): Promise<OutboxEntry> {
    return this.writes.submit(closeTicketWrite(profileId, ticketId, note));
  }

  createContact(request: z.output<typeof createContactSchema>): Promise<OutboxEntry> {
    return this.writes.submit(createContactWrite(request));
  }

  setContactStatus(profileId: string, contactId: string, status: ContactStatus): Promise<OutboxEntry> {
    return this.writes.submit(contactStatusWrite(profileId, contactId, this.#contactName(profileId, contactId), status));
  }

  addContactFollowUp(profileId: string, contactId: string, kind: FollowUpKind, note: string): Promise<OutboxEntry> {
    return this.writes.submit(contactFollowUpWrite(profileId, contactId, this.#contactName(profileId, contactId), kind, note));
  }

  createWorkItem(request: z.output<typeof createWorkItemSchema>): Promise<OutboxEntry> {
    return this.writes.submit(createWorkItemWrite(request));
  }

  setWorkStatus(profileId: string, workId: string, status: WorkStatus): Promise<OutboxEntry> {
    return this.writes.submit(workStatusWrite(profileId, workId, status));
  }

  addWorkFollowUp(profileId: string, workId: string, kind: FollowUpKind | undefined, note: string): Promise<OutboxEntry> {
    return this.writes.submit(workFollowUpWrite(profileId, workId, kind, note));
  }

  addFaq(request: z.output<typeof addFaqSchema>): Promise<OutboxEntry> {
    return this.writes.submit(addFaqWrite(request));
  }

  #contactName(profileId: string, contactId: string): string {
    return this.#contactRepository.find(profileId, contactId)?.name ?? contactId;
  }

  #facts(profileId: string): SupportProfileFacts {
    const profile = this.#options.profiles().find((candidate) => candidate.id === profileId);
    return { site: profile?.site ?? '', live: profile?.live ?? false };
  }

  #startProfile(profileId: string): void {
    this.sync.add(this.tickets.syncJob(profileId), SUPPORT_SYNC_INTERVALS.tickets);
    this.sync.add(this.contacts.syncJob(profileId), SUPPORT_SYNC_INTERVALS.contacts);
    this.sync.add(this.work.syncJob(profileId), SUPPORT_SYNC_INTERVALS.work);
  }

  #refresh(profileId: string, resource: 'contacts' | 'work'): void {
    if (this.sync.has(profileId)) this.sync.runNow(profileId, resource);
    else void this.#runOnce(profileId, resource).catch((error: unknown) => this.#options.logger.info(`support ${resource} could not be refreshed`, { error }));
  }

  #runOnce(profileId: string, resource: SupportResource): Promise<void> {
    const key = `${profileId}\u0000${resource}`;
    const running = this.#refreshing.get(key);
    if (running) return running;
    const source = resource === 'tickets' ? this.tickets : resource === 'contacts' ? this.contacts : this.work;
    const run = source.sync(profileId).finally(() => this.#refreshing.delete(key));
    this.#refreshing.set(key, run);
    return run;
  }

  /** A sent write's answer updates the cache; a follow-up's answer is the follow-up, so its record is read again. */
  #applySent(entry: OutboxEntry): void {
    const [kind, id] = entry.objectKey.split(':') as [string, string | undefined];
    const { profileId, response } = entry;
    const reread = (cache: { detail(profileId: string, id: string, fresh: boolean): Promise<unknown> }) =>
      void cache.detail(profileId, id!, true).catch((error: unknown) => this.#options.logger.info('a record could not be read after a write', { error }));
    if (kind === 'ticket') this.tickets.storeAnswer(profileId, response);
    else if (kind === 'contact' && entry.action.code === 'addContactFollowUp') reread(this.contacts);
    else if (kind === 'contact') this.contacts.storeAnswer(profileId, response);
    else if (kind === 'work' && entry.action.code === 'addWorkItemFollowUp') reread(this.work);
    else if (kind === 'work') this.work.storeAnswer(profileId, response);
  }

  #profileName(profileId: string): string {
    return this.#options.profiles().find((profile) => profile.id === profileId)?.name ?? profileId;
  }

  #notifyTickets({ profileId, added, visitorWrote }: TicketNews): void {
    const { notifications } = this.#options;
    const { t } = this.#options.translator;
    const profile = this.#profileName(profileId);
    const target = (total: number, ticketId: string) =>
      total === 1 ? { kind: 'ticket' as const, params: { profileId, ticketId } as TabParams } : { kind: 'tickets' as const, params: { profileId } as TabParams };
    const [newest] = [...added].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
    if (newest) {
      notifications.raise({
        kind: 'support-tickets',
        profileId,
        groupKey: `support-tickets:${profileId}`,
        count: added.length,
        desktop: true,
        describe: (total) => ({
          title: t('notify.tickets', { count: total }),
          body: t('notify.ticketsBody', { count: total, profile, subject: newest.subject ?? newest.id, visitor: newest.visitorName ?? '' }),
          target: target(total, newest.id),
        }),
      });
    }
    const [latest] = visitorWrote;
    if (latest) {
      notifications.raise({
        kind: 'support-messages',
        profileId,
        groupKey: `support-messages:${profileId}`,
        count: visitorWrote.length,
        desktop: true,
        describe: (total) => ({
          title: t('notify.visitorMessages', { count: total }),
          body: t('notify.visitorMessagesBody', { count: total, profile, subject: latest.subject ?? latest.id, text: latest.lastMessage?.text ?? '' }),
          target: target(total, latest.id),
        }),
      });
    }
  }

  dispose(): void {
    this.sync.dispose();
    this.#disposables.dispose();
    this.writes.dispose();
    this.tickets.dispose();
    this.contacts.dispose();
    this.work.dispose();
    this.access.dispose();
  }
}
