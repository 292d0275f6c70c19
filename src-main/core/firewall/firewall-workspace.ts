// The firewall workspace's main side, put together: the cache (alerts, block list) synced in the
// background per firewall profile, what the view asks of it, and the notifications its changes raise.
import type { AllowEntry, DomainRule } from '../../../src-shared/contract/firewall.ts';
import type { FirewallSyncResource } from '../../../src-shared/contract/sync.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { ActivityRecorder } from '../activity/activity-recorder.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationCenter } from '../notifications/notification-center.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Platform } from '../platform.ts';
import type { Tasks } from '../lifecycle/tasks.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import type { DatabaseWorker } from '../worker/database-worker.ts';
import { SyncBudget } from '../sync/sync-budget.ts';
import { SyncScheduler, type SyncSchedulerOptions } from '../sync/sync-scheduler.ts';
import { SyncStateRepository } from '../sync/sync-state-repository.ts';
import { AlertRepository } from './alerts/alert-repository.ts';
import { raiseAlertNotices } from './alerts/alert-notices.ts';
import { AlertService } from './alerts/alert-service.ts';
import { SyncSettingsStore } from './alerts/sync-settings.ts';
import { allowEntryResource, type AllowInput } from './allowlist/allow-wire.ts';
import { ApplianceResource, type RefusalListener, type ResourceOptions } from './appliance-resource.ts';
import { BlockRepository } from './blocklist/block-repository.ts';
import { raiseBlockNotices } from './blocklist/block-notices.ts';
import { BlockCautions, type BlockCautionsOptions } from './blocklist/block-cautions.ts';
import { BLOCK_KIND, BlockService } from './blocklist/block-service.ts';
import { ProtectedRangesStore } from './blocklist/protected-ranges.ts';
import { CapabilityService } from './capabilities/capability-service.ts';
import { domainRuleResource, type DomainRuleInput } from './domains/domain-wire.ts';
import { AlertExport } from './export/alert-export.ts';
import type { FirewallClients } from './firewall-clients.ts';
import { FirewallOutbox } from './firewall-outbox.ts';
import { PageSizes } from './page-sizes.ts';
import type { RateOf } from '../sync/sync-budget.ts';
import { WebhookService } from './webhook/webhook-service.ts';


export interface FirewallWorkspaceOptions {
  db: Db;
  settings: SettingsTable;
  clients: FirewallClients;
  /** The firewall profiles there are now, with the names notifications show. */
  profiles(): { id: string; name: string }[];
  /** Every connection profile (all three back ends) with its address: whose addresses a block must not cut off. */
  connections: BlockCautionsOptions['connections'];
  rateOf: RateOf;
  keyStore: KeyStore;
  notifications: NotificationCenter;
  platform: Platform;
  /** Long calls (an export) run as tasks the window can cancel by its id. */
  tasks: Tasks;
  /** The user's language, for notification text and the capabilities' reasons. */
  translator: Translator;
  logger: Logger;
  clock: Clock;
  worker: DatabaseWorker;
  /** Where every write to an appliance is recorded. */
  activity?: ActivityRecorder;
  /** The OS account the analyst works under: every block's reason names it. */
  osUser?: string | null;
  /** Every write to an appliance goes through it. */
  outbox: Outbox;
  /** Each profile's connection state: a sync backing off runs at once when the appliance answers again. */
  connection?: SyncSchedulerOptions['connection'];
}

export class FirewallWorkspace {
  readonly alerts: AlertService;
  readonly blocks: BlockService;
  readonly allowlist: ApplianceResource<AllowEntry, AllowInput>;
  readonly domains: ApplianceResource<DomainRule, DomainRuleInput>;
  /** What each profile's appliance is told and how: its page sizes, and where a refused write is told. */
  readonly resources: ResourceOptions;
  readonly capabilities: CapabilityService;
  /** How firewall writes go through the outbox; each kind of object owns its writes there. */
  readonly writes: FirewallOutbox;
  readonly export: AlertExport;
  readonly webhooks: WebhookService;
  readonly sync: SyncScheduler<FirewallSyncResource>;
  readonly syncSettings: SyncSettingsStore;
  readonly protectedRanges: ProtectedRangesStore;
  /** The addresses never blocked, or asked about again, and why. */
  readonly cautions: BlockCautions;
  readonly #options: FirewallWorkspaceOptions;
  readonly #disposables = new DisposableStore();

  constructor(options: FirewallWorkspaceOptions) {
    this.#options = options;
    const { db, clients, rateOf, clock, logger, worker } = options;
    const state = new SyncStateRepository(db);
    const budget = new SyncBudget(clock);
    const alertRepository = new AlertRepository(db);
    this.syncSettings = new SyncSettingsStore(options.settings);
    this.protectedRanges = new ProtectedRangesStore(options.settings);
    this.capabilities = new CapabilityService(clients, clock, options.translator);
    const pageSizes = new PageSizes(clients, options.settings);
    const refused: RefusalListener = (profileId, error, access) => this.capabilities.refused(profileId, error, access);
    this.writes = new FirewallOutbox({ outbox: options.outbox, clients, logger, clock, refused });
    this.resources = { clients, pageSizes, clock, refused, writes: this.writes, ...(options.activity && { activity: options.activity }) };
    this.alerts = new AlertService({ clients, pageSizes, repository: alertRepository, state, settings: this.syncSettings, budget, rateOf, clock, worker, logger });
    this.allowlist = new ApplianceResource(this.resources, allowEntryResource);
    this.cautions = new BlockCautions({ connections: options.connections, clock, logger });
    this.blocks = new BlockService({ resource: this.resources, writes: this.writes, allowed: async (profileId) => (await this.allowlist.all(profileId)).items, repository: new BlockRepository(db), alerts: alertRepository, state, budget, rateOf, clock, osUser: options.osUser ?? null, cautions: this.cautions });
    this.domains = new ApplianceResource(this.resources, domainRuleResource);
    this.writes.own(BLOCK_KIND, this.blocks.writeOwner);
    this.writes.own(allowEntryResource.activity.kind, this.allowlist.writeOwner);
    this.writes.own(domainRuleResource.activity.kind, this.domains.writeOwner);
    this.export = new AlertExport(worker, options.platform, options.tasks, options.activity);
    this.sync = new SyncScheduler<FirewallSyncResource>({ clock, logger, connection: options.connection });
    this.webhooks = new WebhookService({
      db,
      settings: options.settings,
      keyStore: options.keyStore,
      logger,
      clock,
      // The push says something changed; the sync reads what, and its change detection notifies.
      onEvent: (profileId) => {
        this.syncNow(profileId).catch((error: unknown) => logger.warn('sync after a webhook push failed', { error }));
      },
    });
    const notices = { notifications: options.notifications, translator: options.translator, profileName: (profileId: string) => this.#profileName(profileId) };
    this.#disposables.add(this.alerts.onNewAlerts((news) => raiseAlertNotices(news, this.alerts, notices)));
    this.#disposables.add(this.blocks.onChanged((change) => raiseBlockNotices(change, notices)));
  }

  /** Starts the sync and the webhook receiver of every firewall profile. */
  async start(): Promise<void> {
    for (const { id } of this.#options.profiles()) await this.#startProfile(id);
  }

  /** A profile was saved or removed: its sync starts again with its new settings, or stops. */
  async profileChanged(profileId: string): Promise<void> {
    this.capabilities.forget(profileId);
    this.sync.remove(profileId);
    await this.webhooks.stop(profileId);
    if (this.#options.profiles().some((profile) => profile.id === profileId)) await this.#startProfile(profileId);
  }

  /** A profile was deleted: what OpsDesk kept for it goes, its receiver's keys from the keychain too. */
  async forget(profileId: string): Promise<void> {
    this.capabilities.forget(profileId);
    this.resources.pageSizes.forget(profileId);
    await this.webhooks.forget(profileId);
  }

  /** A sync now: the scheduled one when sync runs in the background, else one run of each resource. */
  async syncNow(profileId: string): Promise<null> {
    if (this.sync.has(profileId)) this.sync.runNow(profileId);
    else await Promise.all([this.alerts.sync(profileId), this.blocks.sync(profileId)]);
    return null;
  }

  /** "Fetch older alerts": the alerts' sync starts again at once, reaching `days` back. */
  async fetchOlderAlerts(profileId: string, days: number): Promise<null> {
    this.alerts.fetchOlder(profileId, days);
    if (this.sync.has(profileId)) this.sync.restart(profileId, 'alerts');
    else await this.alerts.sync(profileId);
    return null;
  }

  /** Stops a fetch of older alerts: what it stored stays; the cache reaches as far as it did. */
  stopFetchingOlderAlerts(profileId: string): null {
    this.alerts.stopFetchingOlder(profileId);
    this.sync.cancel(profileId, 'alerts');
    return null;
  }

  saveSyncSettings(profileId: string, settings: Parameters<SyncSettingsStore['save']>[1]) {
    const saved = this.syncSettings.save(profileId, settings);
    this.sync.setInterval(profileId, saved.intervalSeconds * 1000);
    return saved;
  }

  async #startProfile(profileId: string): Promise<void> {
    const intervalMs = this.syncSettings.get(profileId).intervalSeconds * 1000;
    this.sync.add(this.alerts.syncJob(profileId), intervalMs);
    this.sync.add(this.blocks.syncJob(profileId), intervalMs);
    await this.webhooks.start(profileId);
  }

  #profileName(profileId: string): string {
    return this.#options.profiles().find((profile) => profile.id === profileId)?.name ?? profileId;
  }

  async dispose(): Promise<void> {
    this.sync.dispose();
    this.#disposables.dispose();
    this.alerts.dispose();
    this.blocks.dispose();
    this.writes.dispose();
    this.capabilities.dispose();
    this.export.dispose();
    await this.webhooks.dispose();
  }
}
