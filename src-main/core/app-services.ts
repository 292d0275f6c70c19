import path from 'node:path';
import { ActivityLog } from './activity/activity-log.ts';
import { ActivityRepository } from './activity/activity-repository.ts';
import { recordOutboxWrites } from './activity/outbox-activity.ts';
import { AssistantSettingsService } from './assistant/assistant-settings.ts';
import { CaseDrafts } from './cases/case-drafts.ts';
import { CaseHandover } from './cases/case-handover.ts';
import { CaseItemRepository } from './cases/case-item-repository.ts';
import { CaseKeptEventRepository } from './cases/case-kept-event-repository.ts';
import { CaseNoteRepository } from './cases/case-note-repository.ts';
import { CaseRepository } from './cases/case-repository.ts';
import { CaseService } from './cases/case-service.ts';
import { CaseSources } from './cases/case-sources.ts';
import { TriageRepository } from './assistant/triage/triage-repository.ts';
import { TriageService } from './assistant/triage/triage-service.ts';
import { ConnectionHealthTracker } from './clients/connection-health.ts';
import { ConnectionWatch } from './clients/connection-watch.ts';
import { HealthRepository } from './clients/health-repository.ts';
import type { Diagnostics } from '../../src-shared/contract/app.ts';
import { collectDiagnostics, type AppIdentity } from './diagnostics.ts';
import { openExternalLink } from './external-url.ts';
import type { Db, MigrationStep } from './db/database.ts';
import type { ConversionPhase } from './db/encrypt-file.ts';
import { openAppDatabase, type DatabaseStatus, type DatabaseTrouble } from './db/open-app-database.ts';
import type { RecoveryChoice } from './db/recovery.ts';
import { SettingsTable } from './db/settings.ts';
import { createLogger } from './log/logger.ts';
import type { Logger, LogSink } from './log/logger.ts';
import { AddressMentionQuery } from './address/address-mention-query.ts';
import { AddressService } from './address/address-service.ts';
import { AlertWorkLinks } from './address/alert-work-links.ts';
import { ClientRegistry } from './clients/client-registry.ts';
import { createFirewallAdmin, type FirewallAdmin } from './firewall/admin-services.ts';
import { firewallConnector } from './firewall/connector.ts';
import { FirewallWorkspace } from './firewall/firewall-workspace.ts';
import { systemClock, type Clock } from './lifecycle/clock.ts';
import { AsyncDisposableStore, toDisposable } from './lifecycle/disposable.ts';
import { Tasks } from './lifecycle/tasks.ts';
import { NotificationCenter } from './notifications/notification-center.ts';
import { NotificationRepository } from './notifications/notification-repository.ts';
import { OutboxRepository } from './outbox/outbox-repository.ts';
import { OutboxService } from './outbox/outbox-service.ts';
import { gatewayConnector } from './gateway/connector.ts';
import { CallLogRepository } from './gateway/chat/call-log-repository.ts';
import { ChatService } from './gateway/chat/chat-service.ts';
import { EmbeddingService } from './gateway/embeddings/embedding-service.ts';
import { ImageService } from './gateway/images/image-service.ts';
import { DraftingService } from './drafting/drafting-service.ts';
import { TranscriptionService } from './gateway/transcription/transcription-service.ts';
import { ConversationRepository } from './gateway/chat/conversation-repository.ts';
import { MessageRepository } from './gateway/chat/message-repository.ts';
import { BranchRepository } from './gateway/chat/branch-repository.ts';
import { supportConnector } from './support/connector.ts';
import { SupportWebhookService } from './support-webhooks/support-webhook-service.ts';
import { SupportWorkspace } from './support/support-workspace.ts';
import { ReplyBoxService } from './support/replies/reply-box-service.ts';
import { LocalDataService } from './local-data/local-data-service.ts';
import { ConnectionData } from './profiles/connection-data.ts';
import { CachePruning } from './retention/cache-pruning.ts';
import type { Platform } from './platform.ts';
import { PreferencesService } from './preferences/preferences-service.ts';
import { importProfiles } from './profiles/import-profiles.ts';
import { ProfileRepository } from './profiles/profile-repository.ts';
import { ProfileService } from './profiles/profile-service.ts';
import type { KeyStore } from './secrets/key-store.ts';
import { openKeyStore } from './secrets/open-key-store.ts';
import { RegisteringKeyStore } from './secrets/registering-key-store.ts';
import { SearchRepository } from './search/search-repository.ts';
import { SearchService } from './search/search-service.ts';
import { WorkspaceService } from './workspace/workspace-service.ts';
import { ViewStateService } from './views/view-state-service.ts';
import { DatabaseWorker } from './worker/database-worker.ts';
import { MeaningIndexer } from './meaning/meaning-indexer.ts';
import { MeaningRepository } from './meaning/meaning-repository.ts';
import { MeaningSearch } from './meaning/meaning-search.ts';
import { MeaningService } from './meaning/meaning-service.ts';

export interface AppServicesOptions {
  /** The app's user-data folder; the SQLite file lives here. */
  dataDir: string;
  /** Defaults to the OS keychain, or session-only memory when there is none. */
  keyStore?: KeyStore;
  logSink?: LogSink;
  /** The app's logger; when absent one is made (writing to `logSink`, or stderr). */
  logger?: Logger;
  /** Notifications, badge, links: Electron's in the app, a recorder in tests. */
  platform: Platform;
  /** A profiles file to import on start (the demo's simulators); see docs/architecture.md. */
  importProfilesFrom?: string;
  /** What background work, caches and the deadline of a connection test count time by; tests pass a fake one. */
  clock?: Clock;
  /** The database worker's script: its bundle in the app; the source file (worker-entry.ts) when absent. */
  databaseWorkerEntry?: URL;
  /** Sync every firewall profile in the background (the app); without it a sync runs only when asked. */
  backgroundSync?: boolean;
  /** Before each migration an update brought, run at start: the app shows the user what it waits for. */
  onMigration?: (step: MigrationStep) => void;
  /** The keychain has not answered yet (a locked keyring asking for its password): the start waits for it. */
  onWaitingForKeychain?: () => void;
  /** Before each phase of the one-time encryption of a plain database. */
  onDatabaseConversion?: (phase: ConversionPhase) => void;
  /** A damaged database or a failed migration: what the user chooses (absent: the start fails, nothing changed). */
  onDatabaseTrouble?: (trouble: DatabaseTrouble) => Promise<RecoveryChoice | 'quit'>;
}

/** Every main-process service, built from plain Node parts so tests can build the same thing. */
export interface AppServices {
  db: Db;
  /** Whether the file is encrypted (or why not), and what this start did to it (core/db/open-app-database.ts). */
  databaseStatus: DatabaseStatus;
  /** Started with the services: long writes and exports of the cache run there (core/worker/). */
  worker: DatabaseWorker;
  logger: Logger;
  workspace: WorkspaceService;
  /** Table layouts, density and the views' filters, kept across restarts. */
  views: ViewStateService;
  preferences: PreferencesService;
  profiles: ProfileService;
  health: ConnectionHealthTracker;
  /** What the views of a connection keep fresh while they are open (`profiles.watchConnection`). */
  connectionWatch: ConnectionWatch;
  clients: AppClients;
  firewallAdmin: FirewallAdmin;
  chat: ChatService;
  /** The model at work: which gateway connection and model the analyst's features use, and what their prompts may carry. */
  assistantSettings: AssistantSettingsService;
  /** "Ask the model" about alerts: conversations linked to them, and the verdicts their answers propose. */
  triage: TriageService;
  embeddings: EmbeddingService;
  images: ImageService;
  transcription: TranscriptionService;
  /** Replies drafted from the knowledge base, thread summaries, call notes: the model in the support analyst's work. */
  drafting: DraftingService;
  platform: Platform;
  /** Hands a link the window asked for to the system browser, if it is a safe one. */
  links: { open(url: string): Promise<null> };
  /** Settings → About: what main reports about itself for the user's IT (core/diagnostics.ts). */
  diagnostics: { collect(identity: AppIdentity, request: { includeProfileHosts: boolean }): Promise<Diagnostics> };
  notifications: NotificationCenter;
  /** What the analyst did through OpsDesk that changed something on a back end or sent data out. */
  activity: ActivityLog;
  firewall: FirewallWorkspace;
  supportWebhooks: SupportWebhookService;
  /** Every write to a back end goes through it; each service registers its sender. */
  outbox: OutboxService;
  support: SupportWorkspace;
  /** The reply box's own data: canned replies and each ticket's unsent text, kept on this machine. */
  replies: ReplyBoxService;
  /** The command palette's search across the local cache, and its recently used actions. */
  search: SearchService;
  /** Search by meaning: the index of embedded items built in the background, and "Similar" (core/meaning/). */
  meaning: MeaningService;
  /** The address card (every cached thing about an address) and the work items made from alerts. */
  address: AddressService;
  /** Cases: one incident's items of every back end, linked both ways, on one timeline. */
  cases: CaseService;
  /** A case's brief for the next shift, and its export and import as one file. */
  caseHandover: CaseHandover;
  /** The model at work's summary of a case and its customer update, as proposals. */
  caseDrafts: CaseDrafts;
  /** Settings → Data on this computer: every local-only row as one file under a passphrase, and such a file merged back. */
  localData: LocalDataService;
  /** Removing a connection, with or without its cache's rows (their count first). */
  connectionData: ConnectionData;
  /** How long the support caches keep their rows, and their pruning in the background. */
  cachePruning: CachePruning;
  /** The long calls under way (exports, answers, uploads), by the id their window gave them. */
  tasks: Tasks;
  /** Disposes every service, newest first (each waits for what it runs: a sync, an upload, the worker). */
  dispose(): Promise<void>;
}

/** Each back end's connector: the one place the back ends are listed. */
const connectors = { gateway: gatewayConnector, support: supportConnector, firewall: firewallConnector };

export type AppClients = ClientRegistry<{ [Service in keyof typeof connectors]: ReturnType<(typeof connectors)[Service]['open']> }>;

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  // Each service goes into the store as it is built, so teardown runs in reverse order of creation;
  // a start that fails half way disposes what it had built.
  const services = new AsyncDisposableStore();
  try {
    return await buildServices(options, services);
  } catch (error) {
    await services.dispose().catch(() => undefined);
    throw error;
  }
}

async function buildServices(options: AppServicesOptions, services: AsyncDisposableStore): Promise<AppServices> {
  const logger = options.logger ?? createLogger(options.logSink ? { sink: options.logSink } : {});
  const baseKeyStore = options.keyStore ?? (await openKeyStore());
  const keyStore = new RegisteringKeyStore(baseKeyStore, (secret) => logger.registerSecret(secret));
  // The database's key is in the keychain: the start waits for it to answer (an unlock prompt).
  if (baseKeyStore.kind === 'waiting') {
    options.onWaitingForKeychain?.();
    await baseKeyStore.opened;
  }
  const workerEntry = options.databaseWorkerEntry ?? new URL('./worker/worker-entry.ts', import.meta.url);
  const { db, worker, status: databaseStatus } = await openAppDatabase({
    file: path.join(options.dataDir, 'opsdesk.sqlite'),
    keyStore,
    makeWorker: (key) => new DatabaseWorker(workerEntry, path.join(options.dataDir, 'opsdesk.sqlite'), key),
    logger,
    // The log says which ran, for a start that was slow.
    onMigration: (step) => {
      logger.info('bringing the database up to date', { migration: `${step.number} of ${step.of}: ${step.name}` });
      options.onMigration?.(step);
    },
    onConversion: (phase) => {
      logger.info('encrypting the database', { phase });
      options.onDatabaseConversion?.(phase);
    },
    ...(options.onDatabaseTrouble && { onTrouble: options.onDatabaseTrouble }),
  });
  services.add(worker);
  services.add(toDisposable(() => db.close()));
  const repository = new ProfileRepository(db);
  const profiles = services.add(new ProfileService({
    repository,
    keyStore,
    logger,
    rules: connectors,
    resolveProxy: (url) => options.platform.resolveProxy(url),
  }));
  const clock = options.clock ?? systemClock;
  const health = services.add(new ConnectionHealthTracker(new HealthRepository(db), clock));
  const clients: AppClients = services.add(new ClientRegistry({ profiles, connectors, health, logger, resolveProxy: (url) => options.platform.resolveProxy(url), ...(options.clock ? { clock: options.clock } : {}) }));
  const connectionWatch = services.add(new ConnectionWatch({ health, healthReadOf: (profileId) => clients.healthReadOf(profileId), clock, logger }));
  const settings = new SettingsTable(db);
  const preferences = services.add(new PreferencesService(settings, () => options.platform.preferredLanguages()));
  const notifications = services.add(new NotificationCenter({ repository: new NotificationRepository(db), settings, platform: options.platform, clock, translator: preferences.translator }));
  const tasks = new Tasks();
  const activity = services.add(new ActivityLog({
    repository: new ActivityRepository(db),
    settings,
    clock,
    logger,
    platform: options.platform,
    translator: () => preferences.translator,
    profileName: (profileId) => profiles.find(profileId)?.name,
  }));
  activity.start();
  const outbox = services.add(new OutboxService({ repository: new OutboxRepository(db), logger, clock, health }));
  services.add(recordOutboxWrites(outbox, activity));
  outbox.start();
  const firewall = services.add(new FirewallWorkspace({
    db,
    settings,
    clients,
    profiles: () => repository.all().filter((profile) => profile.service === 'firewall').map(({ id, name }) => ({ id, name })),
    connections: () => repository.all(),
    rateOf: (profileId) => {
      const record = profiles.find(profileId);
      return record?.service === 'firewall'
        ? firewallConnector.rateLimit(record.settings)
        : { requests: 1, windowMs: 1000 };
    },
    keyStore,
    notifications,
    platform: options.platform,
    translator: preferences.translator,
    logger,
    clock,
    worker,
    tasks,
    activity,
    osUser: activity.osUser,
    outbox,
    connection: health,
  }));
  const firewallAdmin = services.add(createFirewallAdmin({ resources: firewall.resources, db, logger, platform: options.platform, translator: preferences.translator }));
  if (options.importProfilesFrom) {
    const count = await importProfiles(options.importProfilesFrom, profiles, repository);
    logger.info('imported connection profiles', { count });
  }
  const support = services.add(new SupportWorkspace({
    db,
    settings,
    clients,
    profiles: () => repository.all().flatMap((profile) => (profile.service === 'support' ? [{ id: profile.id, name: profile.name, site: profile.settings.site, live: profile.live }] : [])),
    rateOf: (profileId) => {
      const record = profiles.find(profileId);
      return record?.service === 'support' ? supportConnector.rateLimit(record.settings) : { requests: 1, windowMs: 1000 };
    },
    outbox,
    notifications,
    translator: preferences.translator,
    logger,
    clock,
  }));
  profiles.onProfileChanged((profileId) => support.profileChanged(profileId));
  const gatewayCalls = new CallLogRepository(db);
  const dialogs = { platform: options.platform, translator: () => preferences.translator };
  const chat = services.add(new ChatService({
    clients,
    conversations: new ConversationRepository(db),
    messages: new MessageRepository(db),
    branches: new BranchRepository(db),
    settings,
    calls: gatewayCalls,
    activity,
    clock,
    tasks,
    ...dialogs,
    modelAtWork: () => assistantSettings.modelAtWork(),
    redact: (text) => logger.redact(text),
  }));
  const assistantSettings = services.add(new AssistantSettingsService({
    settings,
    isGatewayProfile: (profileId) => profiles.find(profileId)?.service === 'gateway',
    translator: () => preferences.translator,
  }));
  const triage = services.add(new TriageService({
    chat,
    settings: assistantSettings,
    alerts: {
      cached: (profileId, alertId) => firewall.alerts.cached(profileId, alertId),
      fromSource: (profileId, address, limit) =>
        firewall.alerts.query({
          profileId,
          filter: { cells: [{ field: 'srcIp', value: address, mode: 'in' }] },
          sort: { field: 'occurredAt', direction: 'desc' },
          offset: 0,
          limit,
        }).rows,
    },
    repository: new TriageRepository(db),
    isFirewallProfile: (profileId) => profiles.find(profileId)?.service === 'firewall',
    translator: () => preferences.translator,
    redact: (text) => logger.redact(text),
    clock,
  }));
  const supportWebhooks = services.add(new SupportWebhookService({
    db,
    clients,
    keyStore,
    settings,
    notifications,
    translator: preferences.translator,
    profileName: (profileId) => profiles.find(profileId)?.name ?? profileId,
    syncNow: (profileId, resource) => support.syncNow(profileId, resource),
    logger,
    clock,
    activity,
  }));
  const views = new ViewStateService(settings, clock, (profileId) => profiles.find(profileId) !== undefined);
  profiles.onProfileChanged((profileId) => {
    if (profiles.find(profileId) === undefined) views.forgetProfile(profileId);
    supportWebhooks.profileChanged(profileId, profiles.find(profileId) !== undefined).catch((error: unknown) => logger.warn('forgetting support webhook secrets failed', { error }));
    if (profiles.find(profileId) === undefined) firewall.forget(profileId).catch((error: unknown) => logger.warn('forgetting firewall webhook secrets failed', { error }));
  });
  const address = new AddressService({
    firewallProfileIds: () => repository.all().flatMap((profile) => (profile.service === 'firewall' ? [profile.id] : [])),
    alerts: firewall.alerts,
    mentions: new AddressMentionQuery(db),
    links: services.add(new AlertWorkLinks({ db, outbox, clock, createWorkItem: (request, alongside) => support.work.createWorkItem(request, alongside) })),
  });
  const transcription = services.add(new TranscriptionService({ clients, calls: gatewayCalls, activity, clock, tasks, ...dialogs }));
  const embeddings = new EmbeddingService({ clients, calls: gatewayCalls, clock, redact: (text) => logger.redact(text) });
  const meaningRepository = new MeaningRepository(db);
  const dropGoneIndexes = () => meaningRepository.dropWhere((profileId) => profiles.find(profileId)?.service === 'gateway');
  dropGoneIndexes();
  const meaningIndexer = new MeaningIndexer({
    db,
    repository: meaningRepository,
    embeddings,
    target: () => {
      const atWork = assistantSettings.embeddingAtWork();
      return atWork && { gatewayProfileId: atWork.profileId, model: atWork.model };
    },
    privacy: { sends: (field) => assistantSettings.sends(field) },
    settings,
    clock,
    logger,
  });
  services.add(toDisposable(() => meaningIndexer.close()));
  const meaningSearch = new MeaningSearch({ repository: meaningRepository, indexer: meaningIndexer, embeddings });
  const drafting = services.add(new DraftingService({
    clients,
    tickets: support.tickets,
    kb: support.kb,
    sessions: support.qa,
    contacts: support.contacts,
    modelAtWork: () => {
      const atWork = assistantSettings.modelAtWork();
      const fields = { visitorName: assistantSettings.sends('visitor.name'), visitorEmail: assistantSettings.sends('visitor.email'), visitorPhone: assistantSettings.sends('visitor.phone') };
      return atWork && { ...atWork, fields };
    },
    calls: gatewayCalls,
    clock,
    tasks,
    logger,
    activity,
    meaning: { answersNear: (profileId, question, k) => meaning.answersNear(profileId, question, k) },
  }));
  const caseSources = new CaseSources(db);
  const cases = services.add(new CaseService({
    cases: new CaseRepository(db),
    items: new CaseItemRepository(db),
    notes: new CaseNoteRepository(db),
    kept: new CaseKeptEventRepository(db),
    sources: caseSources,
    triageOf: (conversationId) => triage.triageOf(conversationId),
    alertIdsMatching: (profileId, filter, limit) =>
      firewall.alerts.query({ profileId, filter, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit }).rows.map((row) => row.id),
    cautionsOn: (profileId) => firewall.cautions.judge(profileId ?? ''),
    activity,
    osUser: activity.osUser,
    redact: (text) => logger.redact(text),
    sourcesChanged: [
      firewall.alerts.onCacheChanged,
      firewall.blocks.onChanged,
      support.tickets.onChanged,
      support.contacts.onChanged,
      support.work.onChanged,
      chat.onConversationsChanged,
      chat.onAnswerEnded,
      triage.onChanged,
      activity.onChanged,
    ],
    clock,
    logger,
  }));
  const caseHandover = new CaseHandover({ cases, sources: caseSources, platform: options.platform, translator: () => preferences.translator, activity, redact: (text) => logger.redact(text), clock });
  const caseDrafts = new CaseDrafts({ cases, sources: caseSources, drafting, sends: (field) => assistantSettings.sends(field), translator: () => preferences.translator });
  const localData = services.add(new LocalDataService({
    worker,
    platform: options.platform,
    tasks,
    activity,
    translator: () => preferences.translator,
    logger,
    clock,
    readKeys: async () => Promise.all(repository.all().map((profile) => keyStore.get(profile.id))),
  }));
  const connectionData = services.add(new ConnectionData({ profiles, worker, settings, clock, logger }));
  connectionData.start();
  const cachePruning = services.add(new CachePruning({ settings: support.retention, caches: [support.tickets, support.contacts, support.work], clock, logger }));
  // Added after every service that runs tasks, so disposing stops the long calls first, while
  // what they write to (the database, the worker) is still open.
  services.add(tasks);
  if (options.backgroundSync) {
    profiles.onProfileChanged((profileId) => void firewall.profileChanged(profileId));
    await firewall.start();
    support.start();
    cachePruning.start();
    await supportWebhooks.start();
  }
  const searchRepository = new SearchRepository(db);
  const search = new SearchService({
    repository: searchRepository,
    settings,
    clock,
    activity: (text, limit) => activity.list({ text }, 0, limit),
    cases: { matching: (text, limit) => cases.search(text, limit), byNumber: (number) => cases.findByNumber(number) },
    profileNames: () => new Map(repository.all().map((profile) => [profile.id, profile.name])),
    meaning: meaningSearch,
  });
  support.kb.onShown((answers) => search.sawAnswers(answers));
  for (const changed of [firewall.alerts.onCacheChanged, support.tickets.onChanged, support.kb.onShown, support.work.onChanged, chat.onConversationsChanged, cases.onChanged]) {
    services.add(changed(() => meaningIndexer.poke()));
  }
  services.add(assistantSettings.onChanged(() => meaningIndexer.settingsChanged()));
  profiles.onProfileChanged((profileId) => {
    if (profiles.find(profileId) === undefined) dropGoneIndexes();
  });
  const meaning = new MeaningService({
    indexer: meaningIndexer,
    search: meaningSearch,
    hitOf: (near) => search.meaningHit(near),
    answerOf: (kind, profileId, id) => searchRepository.seenOf(kind, profileId, id),
  });
  meaningIndexer.start();
  firewall.allowlist.onReadWhole((list) => search.sawAllowList(list));
  return {
    db,
    databaseStatus,
    worker,
    logger,
    workspace: new WorkspaceService(settings),
    views,
    preferences,
    profiles,
    health,
    connectionWatch,
    clients,
    firewallAdmin,
    chat,
    assistantSettings,
    triage,
    embeddings,
    images: new ImageService({ clients, calls: gatewayCalls, activity, clock, ...dialogs }),
    transcription,
    drafting,
    platform: options.platform,
    links: { open: (url) => openExternalLink(options.platform, url) },
    diagnostics: { collect: (identity, request) => collectDiagnostics({ profiles, platform: options.platform }, identity, request) },
    notifications,
    activity,
    firewall,
    supportWebhooks,
    outbox,
    support,
    replies: new ReplyBoxService(db, clock, (profileId) => repository.find(profileId)?.service === 'support'),
    search,
    meaning,
    address,
    cases,
    caseHandover,
    caseDrafts,
    localData,
    connectionData,
    cachePruning,
    tasks,
    dispose: () => services.dispose(),
  };
}
