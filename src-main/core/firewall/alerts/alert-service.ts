// Firewall alerts: synced from the appliance into SQLite in the background, read from there by
// the view, with the appliance's detail when it answers.
import PQueue from 'p-queue';
import type { z } from 'zod';
import type { AlertDetail, AlertFacets, alertQuerySchema, AlertRow } from '../../../../src-shared/contract/firewall.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import type { CacheReach } from '../../../../src-shared/contract/sync.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { Logger } from '../../log/logger.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { SyncBudget } from '../../sync/sync-budget.ts';
import { walkNewestFirst, type WalkProgress, type WalkResult } from '../../sync/page-walk.ts';
import { syncErrorOf, type SyncJob } from '../../sync/sync-scheduler.ts';
import { JoinedRuns } from '../../sync/joined-runs.ts';
import type { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { unwrappedFieldsOf, type Fields } from '../../wire/read.ts';
import { ServiceFailure } from '../../http/service-failure.ts';
import { describeMalformedResponse } from '../../http/status-errors.ts';
import type { DatabaseWorker } from '../../worker/database-worker.ts';
import { firewallDialect } from '../error-dialect.ts';
import type { FirewallClients } from '../firewall-clients.ts';
import type { RateOf } from '../../sync/sync-budget.ts';
import { readListPage, refusedPageSize } from '../list-walk.ts';
import type { PageSizes } from '../page-sizes.ts';
import type { AddressCondition } from '../../db/address-match.ts';
import type { AlertRepository, AlertsAboutAddress, CachedDetail } from './alert-repository.ts';
import { alertDomainOf, packAlert, readAlert, readAlertDetail } from './alert-wire.ts';
import { severityScaleOf, type SeverityScale } from './severity-scale.ts';
import { redactStrings } from '../../log/redactor.ts';
import type { SyncSettingsStore } from './sync-settings.ts';

const DAY_MS = 86_400_000;
/** A walk through the whole window once a day picks up alerts the appliance listed mid-list; it costs one request per page of the window. */
export const FULL_ALERT_WALK_EVERY_MS = DAY_MS;

export interface NewAlerts {
  profileId: string;
  bySeverity: { severity: string | null; count: number; newestId: string }[];
}

export interface AlertServiceOptions {
  clients: FirewallClients;
  pageSizes: PageSizes;
  repository: AlertRepository;
  state: SyncStateRepository;
  settings: SyncSettingsStore;
  budget: SyncBudget;
  rateOf: RateOf;
  clock: Clock;
  /** Stores the pages a sync fetched, off main's thread. */
  worker: DatabaseWorker;
  logger: Logger;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

export class AlertService {
  readonly #options: AlertServiceOptions;
  /** Every alert read from the appliance, with any key it echoed back masked before it is stored. */
  readonly #readAlert = (fields: Fields, scale: SeverityScale | null) => redactStrings(readAlert(fields, scale), this.#options.logger.redact);
  readonly #newAlerts = new Emitter<NewAlerts>();
  /** New alerts a sync found after the first one (the backfill is not news). */
  readonly onNewAlerts = this.#newAlerts.event;
  readonly #cacheChanged = new Emitter<string>();
  readonly onCacheChanged = this.#cacheChanged.event;
  /** The indexes catching up after each sync, one sync's after the other's. */
  readonly #indexing = new PQueue({ concurrency: 1 });
  readonly #disposed = new AbortController();
  readonly #syncs = new JoinedRuns<string>();

  constructor(options: AlertServiceOptions) {
    this.#options = options;
  }

  /** A page of cached alerts for a query the IPC router has checked already (the contract's schema). */
  query({ profileId, filter, sort, offset, limit }: z.output<typeof alertQuerySchema>): CachedPage<AlertRow> {
    return { ...this.#options.repository.query(profileId, filter, sort, offset, limit), offset, syncedAt: this.#options.state.lastSyncedAt(profileId, 'alerts') };
  }

  /** What the cache holds about one address or range (the address card); answers offline. */
  aboutAddress(profileId: string, address: AddressCondition, limit: number): AlertsAboutAddress {
    return this.#options.repository.aboutAddress(profileId, address, limit);
  }

  /** One alert as the cache holds it; never touches the network. */
  cached(profileId: string, alertId: string): AlertRow | undefined {
    const found = this.#options.repository.find(profileId, alertId);
    if (!found) return undefined;
    const { detail: _detail, other: _other, ...row } = found;
    return row;
  }

  facets(profileId: string): AlertFacets {
    return this.#options.repository.facets(profileId);
  }

  /** The appliance's detail when it answers (kept for later); the cached copy and the reason when it does not. */
  async detail(profileId: string, alertId: string): Promise<AlertDetail> {
    const { repository, clients } = this.#options;
    const cached = repository.find(profileId, alertId);
    try {
      const client = clients.clientFor(profileId, 'firewall');
      const response = await client.request({ method: 'GET', path: `/alerts/${encodeURIComponent(alertId)}` });
      const fields = unwrappedFieldsOf(response.data);
      const alert = fields && this.#readAlert(fields, severityScaleOf(await client.describeServer()));
      if (!fields || !alert) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
      const detail: CachedDetail = redactStrings({ ...readAlertDetail(fields), other: alert.other ?? {} }, this.#options.logger.redact);
      if (cached) repository.saveDetail(profileId, alertId, detail);
      const blocked = cached?.sourceBlocked ?? false;
      return {
        id: alert.id,
        severity: alert.severity,
        occurredAt: alert.occurredMs === null ? null : new Date(alert.occurredMs).toISOString(),
        category: alert.category,
        action: alert.action,
        srcIp: alert.srcIp,
        srcPort: alert.srcPort,
        dstIp: alert.dstIp,
        dstPort: alert.dstPort,
        protocol: alert.protocol,
        signature: alert.signature,
        message: alert.message,
        deviceId: alert.deviceId,
        sourceBlocked: blocked,
        ruleId: detail.ruleId,
        payloadExcerpt: detail.payloadExcerpt,
        domain: alertDomainOf(detail.other),
        otherFields: Object.entries(detail.other).map(([name, value]) => ({ name, value: textOf(value) })),
        from: 'appliance',
      };
    } catch (error) {
      if (!cached) throw error;
      const { detail, other, ...row } = cached;
      const fields = { ...(other ?? {}), ...(detail?.other ?? {}) };
      return {
        ...row,
        ruleId: detail?.ruleId ?? null,
        payloadExcerpt: detail?.payloadExcerpt ?? null,
        domain: alertDomainOf(fields),
        otherFields: Object.entries(fields).map(([name, value]) => ({ name, value: textOf(value) })),
        from: 'cache',
        error: syncErrorOf(error),
      };
    }
  }

  /** The background sync of one profile's alerts, for the scheduler. */
  syncJob(profileId: string): SyncJob<'alerts'> {
    const { repository, state } = this.#options;
    return {
      profileId,
      resource: 'alerts',
      run: (report, signal) => this.sync(profileId, report, signal),
      lastSyncedAt: () => state.lastSyncedAt(profileId, 'alerts'),
      cachedCount: () => repository.count(profileId),
      reach: () => this.reach(profileId),
    };
  }

  /**
   * How far back the cache holds every alert the appliance lists: where the walks went back to, or
   * the retention's limit once that has passed it (older alerts are deleted then).
   */
  reach(profileId: string): CacheReach {
    const { state, settings, clock } = this.#options;
    const { reachFrom, reachWhole, reachWanted } = state.get(profileId, 'alerts');
    const keptFrom = clock.now() - settings.get(profileId).retentionDays * DAY_MS;
    const since = reachFrom === null ? null : Math.max(Date.parse(reachFrom), keptFrom);
    return {
      since: since === null ? null : new Date(since).toISOString(),
      // Nothing older on the appliance, unless the retention has deleted some of what was there.
      whole: reachWhole && since === Date.parse(reachFrom!),
      fetchingBackTo: reachWanted,
      keptFrom: new Date(keptFrom).toISOString(),
    };
  }

  /**
   * Asks the sync to reach `days` back (no further than the retention keeps), through a walk of
   * the whole window to there; the scheduled sync then does it, with its progress, and goes on
   * after a restart until it gets there or `stopFetchingOlder` is called.
   */
  fetchOlder(profileId: string, days: number): void {
    const { state, settings, clock } = this.#options;
    const from = clock.now() - Math.min(days, settings.get(profileId).retentionDays) * DAY_MS;
    state.wantReach(profileId, 'alerts', new Date(from).toISOString());
  }

  stopFetchingOlder(profileId: string): void {
    this.#options.state.wantReach(profileId, 'alerts', null);
  }

  /** Walks the appliance's alerts into the cache; a sync already running for the appliance is joined. */
  sync(profileId: string, report: (progress: { fetched: number; total: number | null }) => void = () => {}, signal?: AbortSignal): Promise<void> {
    return this.#syncs.run(profileId, () => this.#syncAlone(profileId, report, signal));
  }

  async #syncAlone(profileId: string, report: (progress: { fetched: number; total: number | null }) => void, signal: AbortSignal | undefined): Promise<void> {
    const { pageSizes, repository, state, settings, clock, worker } = this.#options;
    const { backfillDays, retentionDays, retentionRows } = settings.get(profileId);
    const { settledWalk, reachFrom, reachWanted } = state.get(profileId, 'alerts');
    const firstSync = settledWalk === 0;
    const keptFromMs = clock.now() - retentionDays * DAY_MS;
    // The first sync stores the last few days; later ones keep the cache whole back to where it
    // reaches (all the retention keeps, for a cache filled before its reach was recorded), or to
    // where the user asked it to reach.
    const reachMs = firstSync ? clock.now() - backfillDays * DAY_MS : reachFrom === null ? keptFromMs : Date.parse(reachFrom);
    const wantedMs = reachWanted === null ? null : Math.max(Date.parse(reachWanted), keptFromMs);
    const cutoffMs = Math.max(keptFromMs, Math.min(reachMs, wantedMs ?? reachMs));
    // Asked for more than the retention keeps: the walk to its limit answers the request.
    if (wantedMs !== null && wantedMs !== Date.parse(reachWanted!)) state.wantReach(profileId, 'alerts', new Date(wantedMs).toISOString());
    const suspended = firstSync && (await worker.run('suspendAlertIndexes', undefined));
    const walk = async (): Promise<WalkResult> => {
      const pageSize = await pageSizes.sizeFor(profileId, '/alerts');
      try {
        return await this.#walk(profileId, pageSize, cutoffMs, wantedMs !== null && wantedMs < reachMs, report, signal);
      } catch (error) {
        // A 400 to a page larger than the appliance allows: the walk starts again at the size it names.
        const smaller = refusedPageSize(error, pageSize);
        if (smaller === undefined) throw error;
        pageSizes.learned(profileId, smaller);
        return walk();
      }
    };
    const result = await walk().catch((error: unknown) => {
      if (suspended) this.#indexInBackground({ restoreSortIndexes: true });
      throw error;
    });
    const pruned = await worker.run('pruneAlerts', { profileId, olderThanMs: clock.now() - retentionDays * DAY_MS, maxRows: retentionRows, stored: result.stored });
    if (suspended || result.stored > 0) this.#indexInBackground({ restoreSortIndexes: suspended });
    if (pruned > 0) repository.forgetCounts(profileId);
    if (result.stored > 0 || pruned > 0) this.#cacheChanged.fire(profileId);
    if (!result.first && result.stored > 0) this.#newAlerts.fire({ profileId, bySeverity: repository.addedBy(profileId, result.walk) });
  }

  async #walk(profileId: string, pageSize: number, cutoffMs: number, full: boolean, report: (progress: WalkProgress) => void, signal: AbortSignal | undefined): Promise<WalkResult> {
    const { clients, pageSizes, repository, state, budget, rateOf, clock, worker } = this.#options;
    const scale = severityScaleOf(await clients.clientFor(profileId, 'firewall').describeServer());
    return walkNewestFirst(
      {
        profileId,
        resource: 'alerts',
        pageSize,
        fetchPage: (page, size, pageSignal) =>
          budget.spend(profileId, rateOf(profileId), async () => {
            const response = await clients.clientFor(profileId, 'firewall').request({ method: 'GET', path: '/alerts', query: { page, page_size: size }, signal: pageSignal });
            const { items, received, total, pageSize: reported } = readListPage(response, (fields) => this.#readAlert(fields, scale));
            return { items: items.map((alert) => ({ id: alert.id, time: alert.occurredMs, alert })), received, total, pageSize: reported };
          }, pageSignal),
        pageSizeLearned: (size) => pageSizes.learned(profileId, size),
        settledIds: (ids, settledWalk) => repository.settledIds(profileId, ids, settledWalk),
        commit: async (commit) => {
          const stored = await worker.run('commitAlertPages', { ...commit, pages: commit.pages.map((page) => ({ ...page, items: page.items.map((item) => packAlert(item.alert)) })) });
          if (stored > 0) repository.forgetCounts(profileId);
          return stored;
        },
      },
      state,
      { cutoffMs, full, now: () => new Date(clock.now()).toISOString(), fullWalkEveryMs: FULL_ALERT_WALK_EVERY_MS, onProgress: report, ...(signal ? { signal } : {}) },
    );
  }

  /**
   * Settles once every index holds the alerts synced so far. A sync is done when its alerts are
   * stored; the sort indexes a first backfill left out and the alerts' words follow in the
   * database worker (queries meanwhile stay exact, only slower), so a backfill's alerts reach the
   * view sooner (docs/architecture.md, "Firewall cache").
   */
  indexed(): Promise<void> {
    return this.#indexing.onIdle();
  }

  #indexInBackground({ restoreSortIndexes }: { restoreSortIndexes: boolean }): void {
    const { worker, logger } = this.#options;
    this.#indexing
      .add(async () => {
        // Closing: the worker is about to close, and builds what is left when it next starts.
        const { signal } = this.#disposed;
        if (restoreSortIndexes && !signal.aborted) await worker.run('restoreAlertIndexes', undefined);
        if (!signal.aborted) await worker.run('indexAlertText', undefined, undefined, signal);
      })
      .catch((error: unknown) => logger.warn('the alerts\' indexes did not catch up; queries stay exact but slower until the worker next starts or syncs', { error }));
  }

  dispose(): void {
    this.#disposed.abort();
    this.#newAlerts.dispose();
    this.#cacheChanged.dispose();
  }
}
