// The calls every listable resource of firewall.md shares: a list page, one object, create (POST),
// change (PUT, fields given replace those fields), delete. The wire reading of each resource lives
// in its folder's `*-wire.ts`; this file knows only the list page and the error shapes.
import type { RemotePage } from '../../../src-preload/contract/pages.ts';
import type { HttpRequest } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { fieldsOf, readRecords, unwrappedFieldsOf, type Fields } from '../wire/read.ts';
import type { FirewallClient } from './client.ts';
import { firewallDialect } from './error-dialect.ts';

/** What a feature needs of the registry: the current client of a firewall profile. */
export interface FirewallClientSource {
  clientFor(profileId: string, service: 'firewall'): FirewallClient;
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** `{items, page, page_size, total}` (firewall.md, part 2), or a bare array, or the items under another usual name. */
export function readListPage<T>(body: unknown, read: (fields: Fields) => T | undefined, asked: Paging): RemotePage<T> {
  const { records, refused } = readRecords(body, read);
  const page = fieldsOf(body);
  return {
    items: records,
    refused,
    page: page?.number('page', 'page_no', 'page_number', 'current_page') ?? asked.page,
    pageSize: page?.number('page_size', 'pageSize', 'per_page', 'limit') ?? asked.pageSize,
    total: page?.number('total', 'total_count', 'count', 'totalCount') ?? (asked.page - 1) * asked.pageSize + records.length + refused,
  };
}

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

/** `GET <path>?page=&page_size=` and the filters given, read as a list page. */
export async function fetchListPage<T>(
  client: FirewallClient,
  path: string,
  read: (fields: Fields) => T | undefined,
  paging: Paging,
  filters: HttpRequest['query'] = {},
): Promise<RemotePage<T>> {
  const response = await client.request({ method: 'GET', path, query: { ...filters, page: paging.page, page_size: paging.pageSize } });
  return readListPage(response.data, read, paging);
}

export interface ResourceSpec<Item, Input> {
  /** `/policies`; an object is `<path>/{id}` (firewall.md, part 4). */
  path: string;
  read(fields: Fields): Item | undefined;
  /** The request body for the fields given: camelCase in, the appliance's names out. */
  toWire(input: Partial<Input>): Record<string, unknown>;
  /** The appliance's field name → the form's, for the 400s of create and change. */
  formFieldOf: Readonly<Record<string, string>>;
}

/** List, read, create, change and delete one kind of object, through the profile's client. */
export class FirewallResource<Item, Input> {
  readonly #clients: FirewallClientSource;
  readonly #spec: ResourceSpec<Item, Input>;

  constructor(clients: FirewallClientSource, spec: ResourceSpec<Item, Input>) {
    this.#clients = clients;
    this.#spec = spec;
  }

  list(profileId: string, paging: Paging, filters: HttpRequest['query'] = {}): Promise<RemotePage<Item>> {
    return fetchListPage(this.client(profileId), this.#spec.path, this.#spec.read, paging, filters);
  }

  async get(profileId: string, id: string): Promise<Item> {
    return readOne(await this.client(profileId).request({ method: 'GET', path: this.objectPath(id) }), this.#spec.read);
  }

  async create(profileId: string, input: Input): Promise<Item> {
    return this.#write(profileId, { method: 'POST', path: this.#spec.path, body: this.#spec.toWire(input) });
  }

  async update(profileId: string, id: string, changes: Partial<Input>): Promise<Item> {
    return this.#write(profileId, { method: 'PUT', path: this.objectPath(id), body: this.#spec.toWire(changes) });
  }

  async remove(profileId: string, id: string): Promise<null> {
    await this.client(profileId).request({ method: 'DELETE', path: this.objectPath(id) });
    return null;
  }

  objectPath(id: string): string {
    return `${this.#spec.path}/${encodeURIComponent(id)}`;
  }

  async #write(profileId: string, request: HttpRequest): Promise<Item> {
    try {
      return readOne(await this.client(profileId).request(request), this.#spec.read);
    } catch (error) {
      throw withFieldErrors(error, this.#spec.formFieldOf);
    }
  }

  client(profileId: string): FirewallClient {
    return this.#clients.clientFor(profileId, 'firewall');
  }
}
