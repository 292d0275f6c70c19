// The block list: synced into SQLite in the background (every entry, each sync, so releases are
// seen), and the user's block and unblock, which the cache reflects at once.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { BlockEntry, FirewallList } from '../../../../src-preload/contract/firewall.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { SyncBudget } from '../../sync/sync-budget.ts';
import type { SyncJob } from '../../sync/sync-scheduler.ts';
import type { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { alertBlockReason } from '../../../../src-shared/alert-block-reason.ts';
import { fieldError } from '../../english-text.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { unwrappedFieldsOf } from '../../wire/read.ts';
import type { AlertRepository } from '../alerts/alert-repository.ts';
import { ApplianceResource, type ResourceOptions } from '../appliance-resource.ts';
import type { RateOf } from '../../sync/sync-budget.ts';
import { blockEntryResource, readBlockEntry, type BlockInput } from './block-wire.ts';
import type { BlockListChanges, BlockRepository } from './block-repository.ts';

/** A list changing under the walk (an entry released between two pages) is walked again, this often at most. */
const MAX_WALKS = 3;

export interface BlockChange extends BlockListChanges {
  profileId: string;
  /** A block approved from a model's proposal: the conversation that proposed it. */
  proposedBy?: ProposedBy;
}

export interface ProposedBy {
  conversationId: string;
}

export interface BlockServiceOptions {
  /** The appliance's list: its client, page sizes and where a refused write is told. */
  resource: ResourceOptions;
  repository: BlockRepository;
  alerts: AlertRepository;
  state: SyncStateRepository;
  budget: SyncBudget;
  rateOf: RateOf;
  clock: Clock;
}

export class BlockService {
  readonly #options: BlockServiceOptions;
  readonly #list: ApplianceResource<BlockEntry, BlockInput>;
  readonly #changed = new Emitter<BlockChange>();
  readonly onChanged = this.#changed.event;

  constructor(options: BlockServiceOptions) {
    this.#options = options;
    this.#list = new ApplianceResource(options.resource, blockEntryResource);
  }

  list(profileId: string): FirewallList<BlockEntry> {
    return { items: this.#options.repository.list(profileId), syncedAt: this.#options.state.get(profileId, 'blocklist').lastSyncedAt };
  }

  async block(profileId: string, ip: string, durationSeconds: number, reason: string, proposedBy?: ProposedBy): Promise<BlockEntry> {
    if (isIP(ip) === 0) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('ip', 'ip_address')] });
    }
    const response = await this.#list.send(
      profileId,
      {
        method: 'POST',
        path: '/blocklist',
        body: blockEntryResource.toWire({ ip, durationSeconds, reason }),
        // Blocking the same address again only renews it, so a retried request is harmless.
        idempotencyKey: randomUUID(),
      },
      { verb: 'create', target: { address: ip }, proposedBy },
    );
    const fields = unwrappedFieldsOf(response.data);
    const entry = fields && readBlockEntry(fields);
    // The block stands even when its answer cannot be read; the next sync brings the entry.
    if (!entry) return this.#assumedEntry(ip, durationSeconds, reason);
    const isNew = this.#options.repository.find(profileId, entry.id) === undefined;
    this.#options.repository.put(profileId, entry);
    this.#changed.fire({ profileId, added: isNew ? [entry] : [], removed: [], ...(proposedBy && { proposedBy }) });
    return entry;
  }

  /** Blocks an alert's source address, with the alert's id and signature as the reason. */
  async blockAlertSource(profileId: string, alertId: string, durationSeconds: number): Promise<BlockEntry> {
    const alert = this.#options.alerts.find(profileId, alertId);
    if (!alert) throw new UserFacingError({ code: 'not_found', params: { context: 'alert_gone' } });
    if (!alert.srcIp) throw new UserFacingError({ code: 'bad_request', params: { context: 'no_source' } });
    return this.block(profileId, alert.srcIp, durationSeconds, alertBlockReason(alert.id, alert.signature ?? alert.category ?? 'no signature'));
  }

  async unblock(profileId: string, entryId: string): Promise<null> {
    const entry = this.#options.repository.find(profileId, entryId);
    const target = { id: entryId, ...(entry && { address: entry.ip }) };
    await this.#list.send(profileId, { method: 'DELETE', path: this.#list.objectPath(entryId) }, { verb: 'delete', target }).catch((error: unknown) => {
      // Already gone on the appliance (expired meanwhile): the user's wish holds.
      if ((error as { serviceError?: { code?: string } }).serviceError?.code !== 'not_found') throw error;
    });
    this.#options.repository.remove(profileId, entryId);
    this.#changed.fire({ profileId, added: [], removed: entry ? [entry] : [] });
    return null;
  }

  syncJob(profileId: string): SyncJob<'blocklist'> {
    const { repository, state } = this.#options;
    return {
      profileId,
      resource: 'blocklist',
      run: (report, signal) => this.sync(profileId, report, signal),
      lastSyncedAt: () => state.get(profileId, 'blocklist').lastSyncedAt,
      cachedCount: () => repository.list(profileId).length,
    };
  }

  async sync(profileId: string, report: (progress: { fetched: number; total: number | null }) => void = () => {}, signal?: AbortSignal): Promise<void> {
    const { repository, state, clock } = this.#options;
    const first = state.get(profileId, 'blocklist').settledWalk === 0;
    const entries = await this.#readWholeList(profileId, report, signal);
    const changes = state.transaction(() => {
      const replaced = repository.replace(profileId, entries);
      const current = state.get(profileId, 'blocklist');
      state.beginWalk(profileId, 'blocklist', current.settledWalk + 1);
      state.completeWalk(profileId, 'blocklist', new Date(clock.now()).toISOString());
      return replaced;
    });
    if (changes.added.length + changes.removed.length === 0) return;
    // The first sync fills the cache; only later ones are news.
    this.#changed.fire({ profileId, ...(first ? { added: [], removed: [] } : changes) });
  }

  async #readWholeList(profileId: string, report: (progress: { fetched: number; total: number | null }) => void, signal?: AbortSignal): Promise<BlockEntry[]> {
    const { budget, rateOf } = this.#options;
    const fetchPage = (page: number, pageSize: number) =>
      budget.spend(profileId, rateOf(profileId), () => this.#list.readPage(profileId, page, pageSize, {}, signal), signal);
    for (let walk = 1; ; walk++) {
      const { items, steady } = await this.#list.walk(profileId, fetchPage, report);
      if (steady || walk === MAX_WALKS) return items;
    }
  }

  #assumedEntry(ip: string, durationSeconds: number, reason: string): BlockEntry {
    const now = this.#options.clock.now();
    return {
      id: '',
      ip,
      reason,
      durationSeconds,
      source: 'api',
      createdAt: new Date(now).toISOString(),
      expiresAt: durationSeconds === 0 ? null : new Date(now + durationSeconds * 1000).toISOString(),
    };
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
