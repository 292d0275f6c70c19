// The support workspace's main side, put together: what a key may do (/meta), the caches (tickets
// synced in the background, contacts and work items refreshed when opened and on an interval), the
// calls the user waits for, every write through the outbox, and the notifications new tickets and
// visitor messages raise.
import type { RetentionKind } from '../../../src-shared/contract/local-data.ts';
import type { SupportResource, SyncStatus } from '../../../src-shared/contract/sync.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import { CacheRetentionSettings } from '../retention/cache-retention.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationCenter } from '../notifications/notification-center.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { SyncBudget } from '../sync/sync-budget.ts';
import { SyncScheduler } from '../sync/sync-scheduler.ts';
import { SyncStateRepository } from '../sync/sync-state-repository.ts';
import { AccessService, type SupportProfileFacts } from './access/access-service.ts';
import { AnalyticsService } from './analytics/analytics-service.ts';
import { ChatLogService } from './chat-logs/chat-log-service.ts';
import { ContactLinks } from './contacts/contact-links.ts';
import { ContactService } from './contacts/contact-service.ts';
import { KbService } from './kb/kb-service.ts';
import { SupportPageSizes } from './page-sizes.ts';
import { QaService } from './qa/qa-service.ts';
import type { RateOf, SupportClients } from './support-clients.ts';
import { SupportOutbox } from './support-outbox.ts';
import { TextFields } from './text-field.ts';
import { TicketRepository } from './tickets/ticket-repository.ts';
import { raiseTicketNotices } from './tickets/ticket-notices.ts';
import { TicketService } from './tickets/ticket-service.ts';
import { WorkService } from './work/work-service.ts';

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

export class SupportWorkspace {
  readonly access: AccessService;
  readonly tickets: TicketService;
  readonly contacts: ContactService;
  readonly contactLinks: ContactLinks;
  readonly work: WorkService;
  readonly kb: KbService;
  readonly qa: QaService;
  readonly analytics: AnalyticsService;
  readonly chatLogs: ChatLogService;
  readonly sync: SyncScheduler<SupportResource>;
  /** How long each of its caches keeps a row (Settings → Data on this computer). */
  readonly retention: CacheRetentionSettings;
  readonly #outbox: SupportOutbox;
  readonly #pageSizes: SupportPageSizes;
  readonly #textFields: TextFields;
  readonly #options: SupportWorkspaceOptions;
  readonly #disposables = new DisposableStore();
  /** Refreshes run without the scheduler (background sync off), one at a time per list. */
  readonly #refreshing = new Map<string, Promise<void>>();
  #background = false;

  constructor(options: SupportWorkspaceOptions) {
    this.#options = options;
    const { db, clients, rateOf, clock, logger } = options;
    const state = new SyncStateRepository(db);
    const budget = new SyncBudget(clock);
    this.access = new AccessService({ clients, settings: options.settings, clock, facts: (profileId) => this.#facts(profileId) });
    this.#pageSizes = new SupportPageSizes(clients, options.settings);
    this.#textFields = new TextFields(options.settings);
    this.#outbox = new SupportOutbox({ outbox: options.outbox, clients, textFields: this.#textFields, logger, noteFailure: (profileId, error) => this.access.noteFailure(profileId, error) });
    this.retention = new CacheRetentionSettings(options.settings);
    const keptDays = (kind: RetentionKind) => this.retention.keptDays(kind);
    const shared = { clients, outbox: this.#outbox, state, budget, rateOf, pageSizes: this.#pageSizes, clock, logger, keptDays };
    this.tickets = new TicketService({ ...shared, repository: new TicketRepository(db) });
    this.contacts = new ContactService(db, { ...shared, refresh: (profileId) => this.#refresh(profileId, 'contacts') });
    this.work = new WorkService(db, { ...shared, refresh: (profileId) => this.#refresh(profileId, 'work') });
    this.contactLinks = new ContactLinks(db, this.contacts, logger);
    this.kb = new KbService(clients, this.#outbox, this.#pageSizes);
    this.qa = new QaService(clients);
    this.analytics = new AnalyticsService(clients);
    this.chatLogs = new ChatLogService(clients, this.#pageSizes);
    this.sync = new SyncScheduler<SupportResource>({ clock, logger });
    const notices = { notifications: options.notifications, translator: options.translator, profileName: (profileId: string) => this.#profileName(profileId) };
    this.#disposables.add(this.tickets.onNews((news) => raiseTicketNotices(news, notices)));
  }

  /** Starts the background sync of every support profile. */
  start(): void {
    this.#background = true;
    for (const { id } of this.#options.profiles()) this.#startProfile(id);
  }

  /**
   * A profile was saved or removed: what was learned of its key is forgotten, and its sync starts
   * again or stops; removed, what its server taught (page size, text fields) goes too.
   */
  profileChanged(profileId: string): void {
    this.access.forget(profileId);
    this.sync.remove(profileId);
    const exists = this.#options.profiles().some((profile) => profile.id === profileId);
    if (!exists) {
      this.#pageSizes.forget(profileId);
      this.#textFields.forget(profileId);
    }
    if (this.#background && exists) this.#startProfile(profileId);
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

  #profileName(profileId: string): string {
    return this.#options.profiles().find((profile) => profile.id === profileId)?.name ?? profileId;
  }

  dispose(): void {
    this.sync.dispose();
    this.#disposables.dispose();
    this.#outbox.dispose();
    this.tickets.dispose();
    this.contacts.dispose();
    this.work.dispose();
    this.access.dispose();
  }
}
