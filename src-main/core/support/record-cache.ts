// A support list kept in SQLite and refreshed from the server when its list is opened (if the
// copy is older than a minute) and on an interval: contacts and work items. The list reads the
// cache only; a detail is the cached copy at once (the server's follows in the background), or the
// server's when asked fresh, else the cache with the reason. A sent write's answer comes back here.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ContactDetail } from '../../../src-shared/contract/support.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import type { KeptDays, RetentionKind } from '../../../src-shared/contract/local-data.ts';
import type { CacheChanged, SupportResource } from '../../../src-shared/contract/sync.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import type { SyncBudget } from '../sync/sync-budget.ts';
import type { SyncJob } from '../sync/sync-scheduler.ts';
import { JoinedRuns } from '../sync/joined-runs.ts';
import { cacheFirst } from './cache-first.ts';
import { pruneStep, type CachePrune } from './cache-query.ts';
import type { SyncStateRepository } from '../sync/sync-state-repository.ts';
import { redactStrings } from '../log/redactor.ts';
import { unwrappedFieldsOf, type Fields } from '../wire/read.ts';
import { walkCursor } from './cursor-walk.ts';
import type { DetailParts } from './follow-up-wire.ts';
import type { SupportPageSizes } from './page-sizes.ts';
import type { RateOf, SupportClients } from './support-clients.ts';
import type { SentSupportWrite, SupportWriteQueue } from './support-outbox.ts';
import { otherFieldsOf, readOne, readPage } from './support-wire.ts';

/** A list opened on a copy older than this asks the server again. */
export const STALE_LIST_MS = 60_000;

export interface RecordRepository<Wire, Row, Filter, Cached> {
  store(profileId: string, records: Wire[], syncedAt: string): number;
  query(profileId: string, filter: Filter, offset: number, limit: number): { rows: Row[]; total: number };
  find(profileId: string, id: string): Cached | undefined;
  count(profileId: string): number;
  prune(profileId: string, prune: CachePrune): number;
  cachedProfiles(): string[];
}

/** A cached contact or work item as its detail shows it. */
export function followedDetail<Row>(cached: Row & DetailParts, from: 'server' | 'cache'): Omit<Row, keyof DetailParts> & Pick<ContactDetail, 'follows' | 'otherFields' | 'from' | 'error'> {
  const { follows, other, ...row } = cached;
  return { ...row, follows: follows ?? [], otherFields: otherFieldsOf(other), from };
}

/** What the workspace gives every record cache. */
export interface RecordCacheShared {
  clients: SupportClients;
  outbox: SupportWriteQueue;
  state: SyncStateRepository;
  budget: SyncBudget;
  rateOf: RateOf;
  pageSizes: SupportPageSizes;
  clock: Clock;
  logger: Logger;
  /** Asks for a refresh now (the scheduler's run when sync runs in the background). */
  refresh(profileId: string): void;
  /** How long a row stays after its last activity (Settings → Data on this computer); null: no age limit. */
  keptDays(kind: RetentionKind): KeptDays;
}

export interface RecordCacheOptions<Resource extends SupportResource & RetentionKind, Wire extends { id: string }, Row, Filter, Cached, Detail> extends RecordCacheShared {
  resource: Resource;
  /** The list's path, and `${path}/{id}` the detail's. */
  path: string;
  /** The object key's kind of this list's writes (`contact` in `contact:42`). */
  writeKind: string;
  /** The outbox action whose answer is a follow-up rather than the record. */
  followUpAction: string;
  read(fields: Fields): Wire | undefined;
  repository: RecordRepository<Wire, Row, Filter, Cached>;
  toDetail(cached: Cached, from: 'server' | 'cache'): Detail;
}

export class RecordCache<Resource extends SupportResource & RetentionKind, Wire extends { id: string }, Row, Filter, Cached, Detail extends { error?: IpcError }> {
  readonly #options: RecordCacheOptions<Resource, Wire, Row, Filter, Cached, Detail>;
  readonly #changed = new Emitter<CacheChanged<Resource>>();
  readonly onChanged = this.#changed.event;
  readonly #syncResource: string;
  readonly #syncs = new JoinedRuns<string>();

  constructor(options: RecordCacheOptions<Resource, Wire, Row, Filter, Cached, Detail>) {
    // Every record read from the server, with any key it echoed back masked before it is stored.
    this.#options = { ...options, read: (fields) => redactStrings(options.read(fields), options.logger.redact) };
    this.#syncResource = `support:${options.resource}`;
    options.outbox.own(options.writeKind, { applySent: (entry) => this.#applySent(entry) });
  }

  /** A page of the cache; a stale copy also asks the server again (`onChanged` follows). */
  page(profileId: string, filter: Filter, offset: number, limit: number): CachedPage<Row> {
    const syncedAt = this.lastSyncedAt(profileId);
    if (syncedAt === null || this.#options.clock.now() - Date.parse(syncedAt) >= STALE_LIST_MS) this.#options.refresh(profileId);
    return { ...this.#options.repository.query(profileId, filter, offset, limit), offset, syncedAt };
  }

  detail(profileId: string, id: string, fresh: boolean): Promise<Detail> {
    const { repository, toDetail, logger, resource } = this.#options;
    return cacheFirst({ cached: repository.find(profileId, id), fresh, fetch: () => this.#fetch(profileId, id), toDetail, logger, what: `${resource} record` });
  }

  /** A write's answer (the record as it is now) goes into the cache. */
  storeAnswer(profileId: string, answer: unknown): void {
    const fields = unwrappedFieldsOf(answer);
    const record = fields && this.#options.read(fields);
    if (record) this.#store(profileId, [record]);
  }

  /** A follow-up's answer is the follow-up, so its record is read again. */
  #applySent({ profileId, objectKey, action, response }: SentSupportWrite): void {
    if (action.code !== this.#options.followUpAction) {
      this.storeAnswer(profileId, response);
      return;
    }
    const id = objectKey.slice(this.#options.writeKind.length + 1);
    void this.detail(profileId, id, true).catch((error: unknown) => this.#options.logger.info('a record could not be read after a write', { error }));
  }

  lastSyncedAt(profileId: string): string | null {
    return this.#options.state.lastSyncedAt(profileId, this.#syncResource);
  }

  syncJob(profileId: string): SyncJob<Resource> {
    return {
      profileId,
      resource: this.#options.resource,
      run: (report, signal) => this.sync(profileId, report, signal),
      lastSyncedAt: () => this.lastSyncedAt(profileId),
      cachedCount: () => this.#options.repository.count(profileId),
    };
  }

  /** Reads the whole list (contacts and work items change anywhere in it, not only at its head); a sync already running for the desk is joined. */
  sync(profileId: string, report: (progress: { fetched: number; total: number | null }) => void = () => {}, signal?: AbortSignal): Promise<void> {
    return this.#syncs.run(profileId, () => this.#walk(profileId, report, signal));
  }

  async #walk(profileId: string, report: (progress: { fetched: number; total: number | null }) => void, signal: AbortSignal | undefined): Promise<void> {
    const { clients, repository, state, budget, rateOf, pageSizes, clock, path, read } = this.#options;
    const walk = state.get(profileId, this.#syncResource).settledWalk + 1;
    state.beginWalk(profileId, this.#syncResource, walk);
    const changedIds: string[] = [];
    await walkCursor(
      {
        profileId,
        path,
        full: true,
        fetchPage: async (cursor, limit, pageSignal) =>
          readPage(await clients.clientFor(profileId, 'support').call({ method: 'GET', path, query: { limit, cursor }, ...(pageSignal ? { signal: pageSignal } : {}) }), read),
        store: (records) => {
          const changed = repository.store(profileId, records, new Date(clock.now()).toISOString());
          if (changed > 0) changedIds.push(...records.map((record) => record.id));
          return changed > 0;
        },
      },
      { budget, rateOf, pageSizes },
      { onProgress: report, ...(signal ? { signal } : {}) },
    );
    state.completeWalk(profileId, this.#syncResource, new Date(clock.now()).toISOString());
    const pruned = this.#prune(profileId);
    if (pruned > 0 || changedIds.length > 500) this.#changed.fire({ profileId, resource: this.#options.resource });
    else if (changedIds.length > 0) this.#changed.fire({ profileId, resource: this.#options.resource, ids: changedIds });
  }

  /** One step of the cache's retention for a connection (a removed one's kept rows too); the background pruning calls it until less than a step goes. */
  prune(profileId: string): number {
    const pruned = this.#prune(profileId);
    if (pruned > 0) this.#changed.fire({ profileId, resource: this.#options.resource });
    return pruned;
  }

  cachedProfiles(): string[] {
    return this.#options.repository.cachedProfiles();
  }

  #prune(profileId: string): number {
    const { repository, writeKind, resource, clock, keptDays } = this.#options;
    return repository.prune(profileId, pruneStep(writeKind, keptDays(resource), clock.now()));
  }

  async #fetch(profileId: string, id: string): Promise<Cached> {
    const result = await this.#options.clients.clientFor(profileId, 'support').call({ method: 'GET', path: `${this.#options.path}/${encodeURIComponent(id)}` });
    const record = readOne(result, this.#options.read);
    this.#store(profileId, [record]);
    return this.#options.repository.find(profileId, record.id)!;
  }

  #store(profileId: string, records: Wire[]): void {
    if (this.#options.repository.store(profileId, records, new Date(this.#options.clock.now()).toISOString()) > 0) {
      this.#changed.fire({ profileId, resource: this.#options.resource, ids: records.map((record) => record.id) });
    }
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
