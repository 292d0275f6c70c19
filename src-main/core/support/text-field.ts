// The field that carries the user's text in a support write: the document names none for a visitor
// message, a robot reply, a close note or a follow-up (docs/api-assumptions.md, Support: write
// bodies). The server's description says when it gives the request schema; otherwise a 400 that
// names the field (missing, required, unknown) is answered by sending the text once under the next
// usual name, and what worked is remembered for the profile.
import { ServiceFailure } from '../http/service-failure.ts';

/** Each text's usual names, the one OpsDesk sends first first. */
export const TEXT_FIELD_NAMES = {
  message: ['text', 'content', 'message', 'body'],
  reply: ['text', 'content', 'reply', 'message', 'answer', 'body'],
  closeNote: ['note', 'remark', 'close_note', 'comment', 'reason'],
  followUpNote: ['note', 'content', 'text', 'remark', 'comment'],
} as const satisfies Record<string, readonly string[]>;

export type TextField = keyof typeof TEXT_FIELD_NAMES;

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

/** The field the server's description gives the operation's body, among the usual names. */
export function describedTextField(field: TextField, bodyFields: readonly string[] | undefined): string | undefined {
  return bodyFields && TEXT_FIELD_NAMES[field].find((name) => bodyFields.includes(name));
}

/**
 * A 400 whose words name a field of this text: the name to try next (the one it asks for when it
 * names another usual one, else the next after `tried`), or undefined when the refusal is about
 * something else.
 */
export function nextTextField(field: TextField, tried: string, error: unknown): string | undefined {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'bad_request') return undefined;
  const said = String(error.serviceError.params?.['detail'] ?? '').toLowerCase();
  const names: readonly string[] = TEXT_FIELD_NAMES[field];
  const mentioned = names.filter((name) => new RegExp(`\\b${name}\\b`).test(said));
  if (mentioned.length === 0) return undefined;
  const asked = mentioned.find((name) => name !== tried);
  if (asked) return asked;
  return names[names.indexOf(tried) + 1];
}
