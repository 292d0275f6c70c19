// The field that carries the user's text in a support write: the document names none for a visitor
// message, a robot reply, a close note or a follow-up (docs/api-assumptions.md, Support: the text
// field of a write). In this order: the server's description when it gives the request schema;
// the name that worked before for the profile; the name the server's own records carry that text
// under (a ticket's messages, a record's follow-ups), read before the first write; the usual
// names in turn on a 400 that does not say what else is wrong.
import type { HttpRequest } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { SettingsTable } from '../db/settings.ts';
import { requestBodyFields } from '../wire/openapi.ts';
import { fieldsOf, readList, unwrappedFieldsOf, type Fields } from '../wire/read.ts';
import type { SupportClient, SupportResult } from './client.ts';
import { FOLLOW_UP_NAMES } from './follow-up-wire.ts';
import { TICKET_THREAD_NAMES } from './tickets/ticket-wire.ts';

/** Each text's usual names, the one OpsDesk sends first first. */
export const TEXT_FIELD_NAMES = {
  message: ['text', 'content', 'message', 'body'],
  reply: ['text', 'content', 'reply', 'message', 'answer', 'body'],
  closeNote: ['note', 'remark', 'close_note', 'comment', 'reason'],
  followUpNote: ['note', 'content', 'text', 'remark', 'comment'],
} as const satisfies Record<string, readonly string[]>;

export type TextField = keyof typeof TEXT_FIELD_NAMES;

/** Where the record a write goes to carries the same text: the list of its items (a close note has none). */
const CARRIED_IN: Readonly<Record<TextField, readonly string[]>> = {
  message: TICKET_THREAD_NAMES,
  reply: TICKET_THREAD_NAMES,
  closeNote: [],
  followUpNote: FOLLOW_UP_NAMES,
};

export function isTextField(name: string | undefined): name is TextField {
  return name !== undefined && Object.hasOwn(TEXT_FIELD_NAMES, name);
}

/** The body with the text moved from its first usual name to `name`. */
export function withTextUnder(body: unknown, field: TextField, name: string): unknown {
  const first = TEXT_FIELD_NAMES[field][0];
  if (name === first || typeof body !== 'object' || body === null || !(first in body)) return body;
  const { [first]: text, ...rest } = body as Record<string, unknown>;
  return { ...rest, [name]: text };
}

/**
 * The key a body goes with: the write's own under the usual first name, one made from it under any
 * other, so that every body has a key of its own (another body under a key already used would be
 * refused as a conflict) and the same body always goes with the same key, however often it is tried.
 */
export function idempotencyKeyFor(idempotencyKey: string, field: TextField, name: string): string {
  return name === TEXT_FIELD_NAMES[field][0] ? idempotencyKey : `${idempotencyKey}.${name}`;
}

/** The field the server's description gives the operation's body, among the usual names. */
export function describedTextField(field: TextField, bodyFields: readonly string[] | undefined): string | undefined {
  return bodyFields && TEXT_FIELD_NAMES[field].find((name) => bodyFields.includes(name));
}

/** The usual name under which the record's items (its messages, its follow-ups) carry their text. */
export function textFieldCarriedBy(field: TextField, record: Fields): string | undefined {
  const names: readonly string[] = TEXT_FIELD_NAMES[field];
  for (const item of readList(record.raw(...CARRIED_IN[field])) ?? []) {
    const carried = fieldsOf(item)?.record;
    const name = carried && names.find((candidate) => typeof carried[candidate] === 'string' && carried[candidate] !== '');
    if (name) return name;
  }
  return undefined;
}

/**
 * What a refusal of the text sent under `sent` says of its name: the usual name it asks for;
 * `another` when it names no other field of the body (a generic 400, or one refusing the name
 * sent); undefined when it is not a 400, or is about another field of the body.
 */
export function refusedTextName(field: TextField, sent: string, body: unknown, error: unknown): string | 'another' | undefined {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'bad_request') return undefined;
  const said = String(error.serviceError.params?.['detail'] ?? '').toLowerCase();
  const names = (candidates: readonly string[]) => candidates.filter((name) => new RegExp(`\\b${name.toLowerCase()}\\b`).test(said));
  const asked = names(TEXT_FIELD_NAMES[field]).find((name) => name !== sent);
  if (asked) return asked;
  const others = typeof body === 'object' && body !== null ? Object.keys(body).filter((name) => name !== sent) : [];
  return names(others).length > 0 ? undefined : 'another';
}

const settingKey = (profileId: string) => `support.textFields.${profileId}`;

/** How each profile's server takes the user's texts: what worked is kept in the settings, for the profile's life. */
export class TextFields {
  readonly #settings: SettingsTable;

  constructor(settings: SettingsTable) {
    this.#settings = settings;
  }

  /**
   * Sends the write with its text under the name the server takes; refused under every usual
   * name, it fails with the first refusal (the write stays in the outbox, its text with it).
   */
  async send(profileId: string, client: SupportClient, field: TextField, request: HttpRequest, idempotencyKey: string): Promise<SupportResult<unknown>> {
    const sendUnder = (name: string) => client.call({ ...request, body: withTextUnder(request.body, field, name), idempotencyKey: idempotencyKeyFor(idempotencyKey, field, name) });
    const { description } = await client.describeServer();
    const described = describedTextField(field, description ? requestBodyFields(description, request.method, request.path) : undefined);
    if (described !== undefined) return sendUnder(described);
    const tried = new Set<string>();
    // A name the server took before, or carries its own texts under, is its name: a 400 that names no field is about something else.
    const known = this.#known(profileId)[field] ?? (await this.#carriedByServer(client, field, request.path));
    let name = known ?? TEXT_FIELD_NAMES[field][0];
    let firstRefusal: unknown;
    for (;;) {
      tried.add(name);
      try {
        const answer = await sendUnder(name);
        this.#remember(profileId, field, name);
        return answer;
      } catch (error) {
        const refused = refusedTextName(field, name, withTextUnder(request.body, field, name), error);
        if (refused === undefined || (refused === 'another' && known !== undefined)) throw error;
        firstRefusal ??= error;
        const next = refused !== 'another' && !tried.has(refused) ? refused : TEXT_FIELD_NAMES[field].find((candidate) => !tried.has(candidate));
        if (next === undefined) throw firstRefusal;
        name = next;
      }
    }
  }

  forget(profileId: string): void {
    this.#settings.delete(settingKey(profileId));
  }

  /** The record the write goes to (`/tickets/{id}` for `/tickets/{id}/messages`), as the server sends it. */
  async #carriedByServer(client: SupportClient, field: TextField, writePath: string): Promise<string | undefined> {
    if (CARRIED_IN[field].length === 0) return undefined;
    try {
      const { data } = await client.call({ method: 'GET', path: writePath.replace(/\/[^/]+$/, '') });
      const record = unwrappedFieldsOf(data);
      return record && textFieldCarriedBy(field, record);
    } catch {
      // Only a hint: the write itself goes out under the usual names, and its own failure is what is told.
      return undefined;
    }
  }

  #known(profileId: string): Partial<Record<TextField, string>> {
    const known = this.#settings.read(settingKey(profileId));
    return typeof known === 'object' && known !== null ? (known as Partial<Record<TextField, string>>) : {};
  }

  #remember(profileId: string, field: TextField, name: string): void {
    const known = this.#known(profileId);
    if (known[field] !== name) this.#settings.write(settingKey(profileId), { ...known, [field]: name });
  }
}
