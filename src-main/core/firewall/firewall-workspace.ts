// The firewall workspace's main side, put together: the cache (alerts, block list) synced in the
// background per firewall profile, what the view asks of it, and the notifications its changes raise.
import type { AlertSeverity, AllowEntry, DomainRule } from '../../../src-preload/contract/firewall.ts';
import { alertSeverities } from '../../../src-preload/contract/firewall.ts';
import type { FirewallSyncResource } from '../../../src-preload/contract/sync.ts';
import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationCenter } from '../notifications/notification-center.ts';
import type { Platform } from '../platform.ts';
import type { Tasks } from '../lifecycle/tasks.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import type { DatabaseWorker } from '../worker/database-worker.ts';
import { SyncBudget } from '../sync/sync-budget.ts';
import { SyncScheduler } from '../sync/sync-scheduler.ts';
import { SyncStateRepository } from '../sync/sync-state-repository.ts';
import { AlertRepository } from './alerts/alert-repository.ts';
import { AlertService, type NewAlerts } from './alerts/alert-service.ts';
import { SyncSettingsStore } from './alerts/sync-settings.ts';
import { readAllowEntry } from './allowlist/allow-wire.ts';
import { BlockRepository } from './blocklist/block-repository.ts';
import { BlockService, type BlockChange } from './blocklist/block-service.ts';
import { CapabilityService } from './capabilities/capability-service.ts';
import { readDomainRule } from './domains/domain-wire.ts';
import { AlertExport } from './export/alert-export.ts';
import type { FirewallClients, RateOf } from './firewall-clients.ts';
import { ShortListService } from './short-list-service.ts';
import { WebhookService } from './webhook/webhook-service.ts';

const newestFirst = { field: 'occurredAt', direction: 'desc' } as const;

export interface FirewallWorkspaceOptions {
  db: Db;
  settings: SettingsTable;
  clients: FirewallClients;
  /** The firewall profiles there are now, with the names notifications show. */
  profiles(): { id: string; name: string }[];
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
}

export class FirewallWorkspace {
  readonly alerts: AlertService;
  readonly blocks: BlockService;
  readonly allowlist: ShortListService<AllowEntry>;
  readonly domains: ShortListService<DomainRule>;
  readonly capabilities: CapabilityService;
  readonly export: AlertExport;
  readonly webhooks: WebhookService;
  readonly sync: SyncScheduler<FirewallSyncResource>;
  readonly syncSettings: SyncSettingsStore;
  readonly #options: FirewallWorkspaceOptions;
  readonly #disposables = new DisposableStore();

  constructor(options: FirewallWorkspaceOptions) {
    this.#options = options;
    const { db, clients, rateOf, clock, logger, worker } = options;
    const state = new SyncStateRepository(db);
    const budget = new SyncBudget(clock);
    const alertRepository = new AlertRepository(db);
    this.syncSettings = new SyncSettingsStore(options.settings);
    this.alerts = new AlertService({ clients, repository: alertRepository, state, settings: this.syncSettings, budget, rateOf, clock, worker, logger });
    this.blocks = new BlockService({ clients, repository: new BlockRepository(db), alerts: alertRepository, state, budget, rateOf, clock });
    this.allowlist = new ShortListService(clients, clock, '/allowlist', readAllowEntry);
    this.domains = new ShortListService(clients, clock, '/domains/rules', readDomainRule);
    this.capabilities = new CapabilityService(clients, clock, options.translator);
    this.export = new AlertExport(worker, options.platform, options.tasks);
    this.sync = new SyncScheduler<FirewallSyncResource>({ clock, logger });
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
    this.#disposables.add(this.alerts.onNewAlerts((news) => this.#notifyAlerts(news)));
    this.#disposables.add(this.blocks.onChanged((change) => this.#notifyBlocks(change)));
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

  /** A sync now: the scheduled one when sync runs in the background, else one run of each resource. */
  async syncNow(profileId: string): Promise<null> {
    if (this.sync.has(profileId)) this.sync.runNow(profileId);
    else await Promise.all([this.alerts.sync(profileId), this.blocks.sync(profileId)]);
    return null;
  }

  /** A write the key's role or the edition may refuse: a refusal updates the capabilities the window shows. */
  async operate<T>(profileId: string, write: () => Promise<T>, access: 'operate' | 'administer' = 'operate'): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.capabilities.noteFailure(profileId, error, access);
      throw error;
    }
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

  #notifyAlerts({ profileId, bySeverity }: NewAlerts): void {
    const { t } = this.#options.translator;
    const threshold = this.#options.notifications.settings().alertSeverity;
    if (threshold === 'off') return;
    const least = alertSeverities.indexOf(threshold);
    for (const { severity, count, newestId } of bySeverity) {
      if (severity === null || alertSeverities.indexOf(severity as AlertSeverity) < least) continue;
      const signature = this.alerts.query({ profileId, filter: { cells: [{ field: 'severity', value: severity, mode: 'in' }] }, sort: newestFirst, offset: 0, limit: 1 }).rows[0]?.signature ?? null;
      this.#options.notifications.raise({
        kind: 'alerts',
        profileId,
        groupKey: `alerts:${profileId}:${severity}`,
        count,
        desktop: true,
        describe: (total) => ({
          title: t('notify.alerts', { count: total, severity: t(`notify.severity.${severity}`, { defaultValue: severity }) }),
          body: t('notify.alertsBody', { count: total, profile: this.#profileName(profileId), signature: signature ?? t('notify.noSignature') }),
          target: total === 1
            ? { kind: 'alert', params: { profileId, alertId: newestId } as TabParams }
            : { kind: 'firewall', params: { profileId, section: 'alerts', severity } as TabParams },
        }),
      });
    }
  }

  #notifyBlocks({ profileId, added, removed }: BlockChange): void {
    const { notifications } = this.#options;
    const { t } = this.#options.translator;
    const blocksOn = notifications.settings().blocks;
    const name = this.#profileName(profileId);
    const [newest] = added;
    if (newest) {
      notifications.raise({
        kind: 'block-created',
        profileId,
        groupKey: `blocks:${profileId}`,
        count: added.length,
        desktop: blocksOn,
        describe: (total) => ({
          title: t('notify.blocks', { count: total }),
          body: newest.reason ? t('notify.blocksBodyReason', { profile: name, ip: newest.ip, reason: newest.reason }) : t('notify.blocksBody', { profile: name, ip: newest.ip }),
          target: total === 1
            ? { kind: 'block', params: { profileId, entryId: newest.id } as TabParams }
            : { kind: 'firewall', params: { profileId, section: 'blocklist' } as TabParams },
        }),
      });
    }
    const [released] = removed;
    if (released) {
      notifications.raise({
        kind: 'block-released',
        profileId,
        groupKey: `released:${profileId}`,
        count: removed.length,
        desktop: false,
        describe: (total) => ({
          title: t('notify.released', { count: total }),
          body: t('notify.releasedBody', { profile: name, ip: released.ip }),
          target: { kind: 'firewall', params: { profileId, section: 'blocklist' } },
        }),
      });
    }
  }

  async dispose(): Promise<void> {
    this.sync.dispose();
    this.#disposables.dispose();
    this.alerts.dispose();
    this.blocks.dispose();
    this.capabilities.dispose();
    this.export.dispose();
    await this.webhooks.dispose();
  }
}
