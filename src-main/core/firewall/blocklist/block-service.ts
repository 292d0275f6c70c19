// The block list: synced into SQLite in the background (every entry, each sync, so releases are
// seen), and the user's block and unblock, which the cache reflects at once.
import { isIP } from 'node:net';
import { MAX_BULK_ADDRESSES, type AlertFilter, type AllowEntry, type BlockEntry, type BlockSources, type FirewallList, type PendingBlockChange, type QueuedWrite } from '../../../../src-shared/contract/firewall.ts';
import { addressesOverlap, parseAddress } from '../../../../src-shared/address-mentions.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { SyncBudget } from '../../sync/sync-budget.ts';
import type { SyncJob } from '../../sync/sync-scheduler.ts';
import type { SyncStateRepository } from '../../sync/sync-state-repository.ts';
import { blockReason, type BlockOrigin } from '../../../../src-shared/block-reason.ts';
import { fieldError } from '../../english-text.ts';
import { UserFacingError } from '../../user-facing-error.ts';
import { unwrappedFieldsOf } from '../../wire/read.ts';
import type { AlertRepository } from '../alerts/alert-repository.ts';
import { ApplianceResource, withFieldErrors, type ResourceOptions } from '../appliance-resource.ts';
import { firstAttemptOf, type FirewallOutbox, type FirewallWriteOwner } from '../firewall-outbox.ts';
import type { RateOf } from '../../sync/sync-budget.ts';
import type { BlockCautions } from './block-cautions.ts';
import { blockEntryResource, blockVerbs, heldBlockParams, readBlockEntry, type BlockInput } from './block-wire.ts';
import type { BlockListChanges, BlockRepository } from './block-repository.ts';

/** A list changing under the walk (an entry released between two pages) is walked again, this often at most. */
const MAX_WALKS = 3;
/** The outbox's kind of block writes: one object per address (`blockEntry:203.0.113.7`), so a block and its release go in order. */
export const BLOCK_KIND = blockEntryResource.activity.kind;
const { create: BLOCK, remove: UNBLOCK } = blockVerbs;
const PENDING_ID = 'pending:';

function pendingChangeOf(write: OutboxEntry): PendingBlockChange {
  return { writeId: write.id, state: write.state, change: write.action.code === UNBLOCK ? 'unblock' : 'block', error: write.error };
}

function entryIn(write: OutboxEntry): BlockEntry | undefined {
  const fields = unwrappedFieldsOf(write.response);
  return fields && readBlockEntry(fields);
}

export interface BlockChange extends BlockListChanges {
  profileId: string;
  /** The analyst made it here (it raises no notification: they know). */
  madeHere?: boolean;
  /** A block approved from a model's proposal: the conversation that proposed it. */
  proposedBy?: ProposedBy;
}

export interface ProposedBy {
  conversationId: string;
}

export interface BlockServiceOptions {
  /** The appliance's list: its client, page sizes and where a refused write is told. */
  resource: ResourceOptions;
  /** Where blocks and releases are written. */
  writes: FirewallOutbox;
  /** The appliance's allow list as it is now (a bulk block's preview says which sources it holds). */
  allowed(profileId: string): Promise<AllowEntry[]>;
  repository: BlockRepository;
  alerts: AlertRepository;
  state: SyncStateRepository;
  budget: SyncBudget;
  rateOf: RateOf;
  clock: Clock;
  /** The OS account the analyst works under, written into every block's reason (null: the OS does not say). */
  osUser: string | null;
  /** What an address is that it must never be blocked, or is asked about again: every block passes it. */
  cautions: Pick<BlockCautions, 'judge' | 'refuseNeverBlocked'>;
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

  /** The cached list with the changes made here that the appliance has not taken yet: a block waiting is an entry of its own, an unblock waiting marks its entry. */
  list(profileId: string): FirewallList<BlockEntry> {
    const entries = this.#options.repository.list(profileId);
    const pendingOf = new Map<string, PendingBlockChange>();
    const waiting: BlockEntry[] = [];
    for (const write of this.#options.writes.unfinished(profileId, BLOCK_KIND)) {
      const change = pendingChangeOf(write);
      const ip = String(write.action.params?.['address'] ?? '');
      const entry = write.action.code === UNBLOCK ? entries.find((known) => known.id === write.action.params?.['id']) : entries.find((known) => known.ip === ip);
      if (entry) pendingOf.set(entry.id, change.change === 'block' ? { ...change, change: 'extend' } : change);
      else if (change.change === 'block' && !waiting.some((shown) => shown.ip === ip)) waiting.push(this.#waitingEntry(write, ip, change));
    }
    const items = entries.map((entry) => (pendingOf.has(entry.id) ? { ...entry, pending: pendingOf.get(entry.id)! } : entry));
    return { items: [...waiting.reverse(), ...items], syncedAt: this.#options.state.lastSyncedAt(profileId, 'blocklist') };
  }

  /**
   * Blocks an address through the outbox: the appliance's entry once it answers; while it is away,
   * the entry waiting (`pending`), sent by itself when it answers again. Blocking an address the
   * appliance holds already renews its block (docs/api-assumptions.md), so this is also Extend.
   * The reason sent says where the block was made and by whom, before the analyst's words.
   */
  async block(profileId: string, ip: string, durationSeconds: number, analystReason: string, origin: BlockOrigin = { kind: 'manual' }, proposedBy?: ProposedBy): Promise<BlockEntry> {
    if (isIP(ip) === 0) {
      throw new UserFacingError({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: [fieldError('ip', 'ip_address')] });
    }
    await this.#options.cautions.refuseNeverBlocked(profileId, ip);
    const reason = blockReason(origin, analystReason, this.#options.osUser);
    const held = this.#options.repository.list(profileId).find((entry) => entry.ip === ip);
    const attempt = firstAttemptOf(await this.#options.writes.submit({
      profileId,
      objectKey: `${BLOCK_KIND}:${ip}`,
      action: { code: BLOCK, params: { address: ip, seconds: durationSeconds, ...heldBlockParams(held), ...(proposedBy && { proposedBy: proposedBy.conversationId }) } },
      request: { method: 'POST', path: blockEntryResource.path, body: blockEntryResource.toWire({ ip, durationSeconds, reason }) },
    }));
    if ('queued' in attempt) return this.#waitingEntry(attempt.queued, ip, pendingChangeOf(attempt.queued));
    // The block stands even when its answer cannot be read; the next sync brings the entry.
    return entryIn(attempt.sent) ?? this.#assumedEntry(ip, durationSeconds, reason);
  }

  /**
   * The distinct sources of the alerts named (or of every alert matching the filter), each with
   * whether the cached list blocks it already and whether the appliance's allow list holds it
   * (an address or a range; null while the appliance cannot be read), and what blocking it would be
   * (`cautions`: refused, asked again, or said).
   */
  async sources(profileId: string, which: { alertIds?: string[] | undefined; filter?: AlertFilter | undefined }): Promise<BlockSources> {
    const { alerts, repository, allowed, cautions } = this.#options;
    const found = which.alertIds
      ? [...new Set(which.alertIds.flatMap((id) => alerts.find(profileId, id)?.srcIp ?? []))]
      : alerts.sourcesOf(profileId, which.filter ?? {}, MAX_BULK_ADDRESSES + 1);
    const addresses = found.slice(0, MAX_BULK_ADDRESSES);
    const blocked = new Set(repository.list(profileId).map((entry) => entry.ip));
    const allowList = await allowed(profileId).then((entries) => entries.flatMap((entry) => parseAddress(entry.ip) ?? []), () => null);
    const cautionsOf = await cautions.judge(profileId);
    return {
      addresses: addresses.map((ip) => ({ ip, blocked: blocked.has(ip), allowed: allowList && allowList.some((range) => addressesOverlap(range, ip)), cautions: cautionsOf(ip) })),
      more: found.length > MAX_BULK_ADDRESSES,
    };
  }

  /**
   * Lifts a block through the outbox; already gone on the appliance (expired meanwhile), the
   * analyst's wish holds. A block still waiting in the outbox is lifted by never sending it, unless
   * an attempt may have reached the appliance: then what the appliance holds decides (its release
   * is sent when it took the block). While the appliance is away the release waits in the outbox:
   * its write is the answer.
   */
  async unblock(profileId: string, entryId: string): Promise<QueuedWrite | null> {
    if (entryId.startsWith(PENDING_ID)) return this.#options.writes.undo(entryId.slice(PENDING_ID.length));
    const entry = this.#options.repository.find(profileId, entryId);
    // Behind the writes of the same address, so a block and its release go in the order they were made.
    const attempt = firstAttemptOf(await this.#options.writes.submit({
      profileId,
      objectKey: `${BLOCK_KIND}:${entry?.ip ?? `#${entryId}`}`,
      action: { code: UNBLOCK, params: { id: entryId, ...(entry && { address: entry.ip }) } },
      request: { method: 'DELETE', path: this.#list.objectPath(entryId) },
    }));
    return 'queued' in attempt ? attempt : null;
  }

  /** How the outbox sends block writes, and what each change of one does to the cache. */
  get writeOwner(): FirewallWriteOwner {
    return {
      access: 'operate',
      findCreated: (write, madeAt) => this.#list.findCreated(write, madeAt),
      explainRefusal: (error) => withFieldErrors(error, blockEntryResource.formFieldOf),
      changed: (write) => this.#applyWrite(write),
      undo: (sent) => this.#undo(sent),
    };
  }

  /** A new block is taken back by its release; an Extend by the block that stood, which the window puts back itself (it knows its time left). */
  async #undo(sent: OutboxEntry): Promise<QueuedWrite | null> {
    const entry = sent.action.code === BLOCK && sent.action.params?.['heldUntil'] === undefined ? entryIn(sent) : undefined;
    if (!entry) throw new UserFacingError({ code: 'conflict', params: { context: 'write_in_force' } });
    return this.unblock(sent.profileId, entry.id);
  }

  #applyWrite(write: OutboxEntry): void {
    const { profileId } = write;
    // Made here: in the activity log and every view, but no notification to the analyst who made it.
    const change: BlockChange = { profileId, added: [], removed: [], madeHere: true };
    if (write.state === 'sending') return;
    if (write.state === 'sent' && write.action.code === BLOCK) {
      const entry = entryIn(write);
      if (entry) {
        if (this.#options.repository.find(profileId, entry.id) === undefined) change.added.push(entry);
        this.#options.repository.put(profileId, entry);
      }
    }
    if (write.state === 'sent' && write.action.code === UNBLOCK) {
      const entryId = String(write.action.params?.['id'] ?? '');
      const entry = this.#options.repository.find(profileId, entryId);
      this.#options.repository.remove(profileId, entryId);
      if (entry) change.removed.push(entry);
    }
    const proposedBy = write.action.params?.['proposedBy'];
    this.#changed.fire({ ...change, ...(typeof proposedBy === 'string' && { proposedBy: { conversationId: proposedBy } }) });
  }

  #waitingEntry(write: OutboxEntry, ip: string, pending: PendingBlockChange): BlockEntry {
    const seconds = write.action.params?.['seconds'];
    return {
      id: `${PENDING_ID}${write.id}`,
      ip,
      reason: null,
      durationSeconds: typeof seconds === 'number' ? seconds : null,
      source: null,
      createdAt: write.createdAt,
      expiresAt: null,
      pending,
    };
  }

  syncJob(profileId: string): SyncJob<'blocklist'> {
    const { repository, state } = this.#options;
    return {
      profileId,
      resource: 'blocklist',
      run: (report, signal) => this.sync(profileId, report, signal),
      lastSyncedAt: () => state.lastSyncedAt(profileId, 'blocklist'),
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
    // The first sync fills the cache; only later ones are news, and a change made here is not.
    // A write of its address still unfinished is the analyst's (its answer not read yet); a sent one is in the cache already.
    const madeHere = new Set(this.#options.writes.unfinished(profileId, BLOCK_KIND).map((write) => write.objectKey));
    const elsewhere = (entry: BlockEntry) => !madeHere.has(`${BLOCK_KIND}:${entry.ip}`) && !madeHere.has(`${BLOCK_KIND}:#${entry.id}`);
    this.#changed.fire({ profileId, ...(first ? { added: [], removed: [] } : { added: changes.added.filter(elsewhere), removed: changes.removed.filter(elsewhere) }) });
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
