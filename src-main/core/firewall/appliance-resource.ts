// One kind of object the appliance lists (firewall.md, part 4): a page of it for the window, the
// whole list, one object, create (POST), change (PUT, fields given replace those fields), delete.
// The wire reading of each kind lives in its folder's `*-wire.ts` as a `ResourceSpec`; every write
// goes through the outbox (`firewall-outbox.ts`), which tells a refusal for the key's role or the
// edition to the capabilities, so the window's controls follow.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { ActivityTarget, ActivityTargetKind } from '../../../src-shared/contract/activity.ts';
import type { RemotePage } from '../../../src-shared/contract/pages.ts';
import type { FirewallList, QueuedWrite } from '../../../src-shared/contract/firewall.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import type { OutboxWrite, SentAnswer } from '../outbox/outbox.ts';
import type { ActivityRecorder } from '../activity/activity-recorder.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { unwrappedFieldsOf, type Fields } from '../wire/read.ts';
import type { FirewallClient } from './client.ts';
import { firewallDialect } from './error-dialect.ts';
import type { FirewallClients } from './firewall-clients.ts';
import { firstAttemptOf, type FirewallOutbox, type FirewallWriteOwner } from './firewall-outbox.ts';
import { readListPage, readWholeList, refusedPageSize, type PageRead } from './list-walk.ts';
import type { PageSizes } from './page-sizes.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

/** Filters as the query sends them; an absent value is not sent. */
export type Filters = Record<string, string | number | boolean | undefined>;

/** Which of the key's rights a write needs (docs/api-assumptions.md, "what each role may do"). */
export type WriteAccess = 'operate' | 'administer';

/** Hears a write the appliance refused, to update what the window shows the key may do. */
export type RefusalListener = (profileId: string, error: unknown, access: WriteAccess) => void;

export interface ResourceSpec<Item, Input> {
  /** `/policies`; an object is `<path>/{id}` (firewall.md, part 4). */
  path: string;
  read(fields: Fields): Item | undefined;
  /** `query`: a POST that changes nothing (a report), open to every role (docs/api-assumptions.md, "what each role may do"). */
  access: WriteAccess | 'query';
  /** The request body for the fields given: camelCase in, the appliance's names out. */
  toWire(input: Partial<Input>): Record<string, unknown>;
  /** The appliance's field name → the form's, for the 400s of create and change. */
  formFieldOf: Readonly<Record<string, string>>;
  /**
   * Whether an item matches the filters sent: an appliance may ignore a filter it does not know,
   * and the list still shows only what was asked (docs/api-assumptions.md, "filters").
   */
  matches?(item: Item, filters: Filters): boolean;
  /** How its writes are named in the activity log and the outbox, and what names the item. */
  activity: ResourceActivity;
  /**
   * Whether a listed item is the one a create with this body made (`madeAt`: when the write was
   * made, epoch ms; `params`: the write's action params), for a create whose answer was lost;
   * without it such a create is sent again. A look-alike that stood before the write is not it.
   */
  createdBy?(item: Item, body: Record<string, unknown>, madeAt: number, params: Readonly<Record<string, string | number>>): boolean;
  /** Filters that narrow the list to the candidates for `createdBy` (an appliance that ignores them is walked whole). */
  lookup?(body: Record<string, unknown>): Filters;
}

export interface ResourceActivity {
  kind: ActivityTargetKind;
  /**
   * The contract call behind each write, whose name is the write's action code: `{ create: 'addAllow',
   * remove: 'removeAllow' }`. A write with no call is never made (a kind the appliance finds itself has none).
   */
  verbs: Partial<Record<WriteVerb, string>>;
  /** The field that names the item (a policy's name, a rule's domain). */
  labelField?: string;
  /** The field holding the address it concerns, kept when it is an address or a range. */
  addressField?: string;
}

/** The three writes of a kind: its POST, its PUT and its DELETE. */
export type WriteVerb = 'create' | 'update' | 'remove';

export interface ResourceOptions {
  clients: FirewallClients;
  pageSizes: PageSizes;
  clock: Clock;
  refused: RefusalListener;
  /** Where every write to the appliance is recorded (the activity log). */
  activity?: ActivityRecorder;
  /** Every write goes through the outbox (firewall-outbox.ts); a resource built for reading only has none. */
  writes?: FirewallOutbox;
}

/** `createdBy` of the kinds an analyst names (policies, address objects, honeypots): the name the create sent. */
export const sameName = (item: { name: string }, body: Record<string, unknown>) => item.name === body['name'];

/** One object from a 2xx body; a body with no usable object is the appliance's fault, said with its status. */
export function readOne<T>(response: { status: number; data: unknown; requestId?: string }, read: (fields: Fields) => T | undefined): T {
  const fields = unwrappedFieldsOf(response.data);
  const record = fields ? read(fields) : undefined;
  if (record === undefined) {
    throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
  }
  return record;
}

/**
 * A 400 names the field it refuses only in its message (docs/api-assumptions.md): `Invalid value for
 * 'priority': …` or `value must be …`. The first of the form's wire names the message mentions gets
 * the appliance's words, under the form's own name; a message naming none stays a plain error.
 */
export function withFieldErrors(error: unknown, formFieldOf: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'bad_request') return error;
  const { service, status, code, params, requestId, retryable } = error.serviceError;
  const detail = params?.['detail'];
  if (typeof detail !== 'string') return error;
  const quoted = /'([^']*)'/.exec(detail)?.[1]?.split('.')[0];
  const named = quoted !== undefined ? quoted : firstNamed(detail, Object.keys(formFieldOf));
  if (named === undefined || !(named in formFieldOf)) return error;
  return new UserFacingError(
    withoutUndefined({
      service,
      status,
      code,
      params,
      requestId,
      retryable,
      fieldErrors: [{ path: formFieldOf[named]!, code: 'appliance_rejected', params: { detail }, message: detail }],
    }),
  );
}

/** The name the text mentions first, as a whole word: `members must … for type group` is about members. */
function firstNamed(text: string, names: readonly string[]): string | undefined {
  let first: { name: string; at: number } | undefined;
  for (const name of names) {
    const at = new RegExp(`\\b${name}\\b`).exec(text)?.index;
    if (at !== undefined && (first === undefined || at < first.at)) first = { name, at };
  }
  return first?.name;
}

/**
 * One page for the window at the size the appliance honours (the window pages by the `pageSize`
 * it gets back). `fetch` asks for a page at a size: a GET with the filters, or a search.
 */
export async function readWindowPage<T>(
  profileId: string,
  path: string,
  pageSizes: PageSizes,
  paging: Paging,
  fetch: (page: number, pageSize: number) => Promise<PageRead<T>>,
): Promise<RemotePage<T>> {
  let pageSize = await pageSizes.sizeFor(profileId, path, paging.pageSize);
  for (;;) {
    try {
      const read = await fetch(paging.page, pageSize);
      // An appliance that sent fewer than asked while the list goes on pages by a smaller size.
      const honoured = paging.page === 1 && read.total !== null && read.received < read.total && read.received < pageSize ? Math.max(1, read.pageSize ?? read.received) : pageSize;
      if (honoured < pageSize) pageSizes.learned(profileId, honoured);
      return {
        items: read.items,
        refused: read.refused,
        page: paging.page,
        pageSize: Math.min(pageSize, honoured),
        total: read.total ?? (paging.page - 1) * pageSize + read.received,
      };
    } catch (error) {
      const smaller = refusedPageSize(error, pageSize);
      if (smaller === undefined) throw error;
      pageSizes.learned(profileId, smaller);
      pageSize = smaller;
    }
  }
}

/** List, read, create, change and delete one kind of object, through the profile's client. */
export class ApplianceResource<Item extends { id: string }, Input> {
  readonly #options: ResourceOptions;
  readonly #spec: ResourceSpec<Item, Input>;
  readonly #readWhole = new Emitter<{ profileId: string; items: Item[] }>();
  /** Fires with every whole list read for the window (`all`): the command palette remembers what was shown. */
  readonly onReadWhole = this.#readWhole.event;

  constructor(options: ResourceOptions, spec: ResourceSpec<Item, Input>) {
    this.#options = options;
    this.#spec = spec;
  }

  /** One page for the window; an appliance that ignores a filter still shows only what was asked. */
  async list(profileId: string, paging: Paging, filters: Filters = {}): Promise<RemotePage<Item>> {
    const page = await readWindowPage(profileId, this.#spec.path, this.#options.pageSizes, paging, (page, pageSize) => this.readPage(profileId, page, pageSize, filters));
    return this.#spec.matches ? { ...page, items: page.items.filter((item) => this.#spec.matches!(item, filters)) } : page;
  }

  /** Every item, for the short lists the view reads whole whenever it shows them (the allow list, the domain rules). */
  async all(profileId: string): Promise<FirewallList<Item>> {
    const { items } = await this.walk(profileId, (page, pageSize) => this.readPage(profileId, page, pageSize));
    this.#readWhole.fire({ profileId, items });
    return { items, syncedAt: new Date(this.#options.clock.now()).toISOString() };
  }

  /** Walks the whole list with `fetchPage` (which may spend a sync budget) at the size the appliance honours. */
  async walk(profileId: string, fetchPage: (page: number, pageSize: number) => Promise<PageRead<Item>>, report?: (progress: { fetched: number; total: number | null }) => void) {
    const { pageSizes } = this.#options;
    const start = await pageSizes.sizeFor(profileId, this.#spec.path);
    return readWholeList(fetchPage, start, (size) => pageSizes.learned(profileId, size), report);
  }

  /** `GET <path>?page=&page_size=` and the filters given, read as a list page. */
  async readPage(profileId: string, page: number, pageSize: number, filters: Filters = {}, signal?: AbortSignal): Promise<PageRead<Item>> {
    const response = await this.client(profileId).request({ method: 'GET', path: this.#spec.path, query: { ...filters, page, page_size: pageSize }, ...(signal ? { signal } : {}) });
    return readListPage(response, this.#spec.read);
  }

  async get(profileId: string, id: string): Promise<Item> {
    return readOne(await this.client(profileId).request({ method: 'GET', path: this.objectPath(id) }), this.#spec.read);
  }

  /** A new object; while the appliance is away it waits in the outbox (`queued`). */
  async create(profileId: string, input: Partial<Input>): Promise<Item | QueuedWrite> {
    const described = this.#described(input);
    // Creates of one named object go in order; one with nothing naming it goes on its own.
    const identity = described.label ?? described.address ?? randomUUID();
    return this.#written(await this.#writes().submit({
      profileId,
      objectKey: `${this.#spec.activity.kind}:new:${identity}`,
      action: { code: this.#code('create'), params: described },
      request: { method: 'POST', path: this.#spec.path, body: this.#spec.toWire(input) },
    }));
  }

  /** Fields given replace those fields, so sending it again sets the same values. */
  async update(profileId: string, id: string, changes: Partial<Input>): Promise<Item | QueuedWrite> {
    return this.#written(await this.#writes().submit({
      profileId,
      objectKey: `${this.#spec.activity.kind}:${id}`,
      action: { code: this.#code('update'), params: { ...this.#described(changes), id } },
      request: { method: 'PUT', path: this.objectPath(id), body: this.#spec.toWire(changes) },
    }));
  }

  /** null once the appliance has removed it; the write while it waits in the outbox. */
  async remove(profileId: string, id: string): Promise<QueuedWrite | null> {
    const attempt = firstAttemptOf(await this.#writes().submit({
      profileId,
      objectKey: `${this.#spec.activity.kind}:${id}`,
      action: { code: this.#code('remove'), params: { id } },
      request: { method: 'DELETE', path: this.objectPath(id) },
    }));
    return 'queued' in attempt ? attempt : null;
  }

  /**
   * The object a create whose answer was lost made, as the appliance has it now: the first listed
   * item the spec takes for it (`createdBy`), read again on its own so the answer is the appliance's.
   */
  async findCreated(write: OutboxWrite, madeAt: number): Promise<SentAnswer | undefined> {
    const { createdBy, lookup } = this.#spec;
    if (!createdBy) return undefined;
    const body = write.request.body as Record<string, unknown>;
    const { profileId } = write;
    const { items } = await this.walk(profileId, (page, pageSize) => this.readPage(profileId, page, pageSize, lookup?.(body) ?? {}));
    const made = items.find((item) => createdBy(item, body, madeAt, write.action.params ?? {}));
    if (!made) return undefined;
    const response = await this.client(profileId).request({ method: 'GET', path: this.objectPath(made.id) });
    return { data: response.data, requestId: response.requestId };
  }

  /** What the outbox needs of this kind: which right its refusals concern, how to find a lost create, a 400's field. */
  get writeOwner(): FirewallWriteOwner {
    return {
      access: this.#spec.access,
      findCreated: (write, madeAt) => this.findCreated(write, madeAt),
      explainRefusal: (error) => withFieldErrors(error, this.#spec.formFieldOf),
      undo: (sent) => this.#undo(sent),
    };
  }

  /** A create is taken back by removing what it made; a change or a removal has no write that takes it back. */
  async #undo(sent: OutboxEntry): Promise<QueuedWrite | null> {
    if (sent.action.code !== this.#spec.activity.verbs.create) throw new UserFacingError({ code: 'conflict', params: { context: 'write_in_force' } });
    return this.remove(sent.profileId, readOne({ status: 200, data: sent.response ?? null }, this.#spec.read).id);
  }

  objectPath(id: string): string {
    return `${this.#spec.path}/${encodeURIComponent(id)}`;
  }

  client(profileId: string): FirewallClient {
    return this.#options.clients.clientFor(profileId, 'firewall');
  }

  #code(verb: WriteVerb): string {
    const code = this.#spec.activity.verbs[verb];
    if (code === undefined) throw new Error(`${this.#spec.path} has no ${verb} call, so it is never written that way`);
    return code;
  }

  #writes(): FirewallOutbox {
    const { writes } = this.#options;
    if (!writes) throw new Error('this appliance resource was built without the outbox, so it cannot write');
    return writes;
  }

  #written(entry: OutboxEntry): Item | QueuedWrite {
    const attempt = firstAttemptOf(entry);
    if ('queued' in attempt) return attempt;
    return readOne({ status: 200, data: attempt.sent.response ?? null }, this.#spec.read);
  }

  /** What names an item in the log, from its fields (an input or the item itself). */
  #described(fields: object): Omit<ActivityTarget, 'kind'> {
    const { labelField, addressField } = this.#spec.activity;
    const label = labelField ? (fields as Record<string, unknown>)[labelField] : undefined;
    const address = addressField ? (fields as Record<string, unknown>)[addressField] : undefined;
    return {
      ...(typeof label === 'string' && label !== '' && { label }),
      ...(typeof address === 'string' && isIP(address.split('/')[0]!) !== 0 && { address }),
    };
  }
}
