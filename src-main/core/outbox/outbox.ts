import type { OutboxEntry, OutboxState } from '../../../src-shared/contract/outbox.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import type { Event } from '../lifecycle/emitter.ts';

export type { OutboxAction, OutboxEntry, OutboxState } from '../../../src-shared/contract/outbox.ts';

export interface OutboxRequest {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Which of the user's texts the body carries (under the field its back end usually names it), for a server that names that field otherwise. */
  textField?: string;
}

export interface OutboxWrite {
  profileId: string;
  service: 'support' | 'firewall';
  /** Writes with the same object key go out one at a time, in the order they were made: 'ticket:42', 'contact:new'. */
  objectKey: string;
  /** What the user did, worded by the window: a catalog key under `outbox.actions.` and its params. */
  action: { code: string; params?: Record<string, string | number> };
  request: OutboxRequest;
}

export interface Outbox {
  /** Stores the write (with its Idempotency-Key, made here once) BEFORE it leaves, then sends it.
   *  Resolves after the first attempt: 'sent' with the answer, 'queued' (offline, timeout, 5xx, 429:
   *  it will go out by itself, same key), or 'failed' (the server refused it: 4xx; retry/discard).
   *  `alongside` stores what belongs with the write (its id given) in the transaction that stores it. */
  submit(write: OutboxWrite, alongside?: (id: string) => void): Promise<OutboxEntry>;
  list(filter?: { profileId?: string; states?: OutboxState[] }): OutboxEntry[];
  get(id: string): OutboxEntry | null;
  retry(id: string): Promise<OutboxEntry>;
  /** Gives up a write; one that may have reached its server is read back there first (sent when found made). */
  discard(id: string): Promise<OutboxEntry>;
  /** Writes not yet sent or given up (sending, queued, failed), per profile id. */
  pendingCounts(): Record<string, number>;
  /** Fires on every state change (the window's outbox panel and write chips follow it). */
  readonly onChanged: Event<OutboxEntry>;
  /** How a service's writes are sent (one sender per service; a later one replaces it); its waiting writes go out now. */
  registerSender(service: OutboxWrite['service'], sender: OutboxSender, readBack?: OutboxReadBack): Disposable;
}

/** What the server answered a write: its data (kept as the entry's response) and the id it gave the answer. */
export interface SentAnswer {
  data: unknown;
  requestId?: string | undefined;
}

/**
 * A service registers how its writes are sent: support's sender calls SupportClient.call with the key.
 * `attempt` is the entry as this attempt marked it (`attempts` counts it): a later attempt of a
 * write whose earlier answer may have been lost can look for what that attempt did first.
 */
export type OutboxSender = (write: OutboxWrite, idempotencyKey: string, attempt: OutboxEntry) => Promise<SentAnswer>;

/**
 * What a write that may have reached its server made there, read back before it is discarded: the
 * server's answer for it when it is in force, undefined when it is not; throws when the server
 * cannot tell (unreachable), and the write then waits on.
 */
export type OutboxReadBack = (write: OutboxWrite, entry: OutboxEntry) => Promise<SentAnswer | undefined>;
