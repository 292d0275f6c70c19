// Removes credentials from text before it is logged: header values, key-shaped strings, and any
// secret registered at runtime (the exact keys fetched from the keychain).
import { supportKeyInText } from '../../../src-shared/contract/profiles.ts';

const REDACTED = '[redacted]';

// Shorter values would blank out ordinary words; every real key is far longer.
const MIN_REGISTERED_SECRET_LENGTH = 8;
// The shortest text with anything to blank: a registered secret, or "bearer" and a one-character token.
const SHORTEST_REDACTED = Math.min(MIN_REGISTERED_SECRET_LENGTH, 'bearer x'.length);

const KEY_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/\b(authorization|proxy-authorization|x-svc-token)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}]+/gi, `$1$2${REDACTED}`],
  [/\bbearer\s+[A-Za-z0-9._~+/=-]+/gi, `Bearer ${REDACTED}`],
  // Up to a quote or backslash, so that the rest of a JSON line survives.
  [supportKeyInText, `svc_$1_${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{6,}/g, `sk-${REDACTED}`],
];

// Every key shape above needs one of these words; a text with none of them skips the patterns.
const KEY_SHAPE_WORDS = /authorization|x-svc-token|bearer|svc_|sk-/i;

/**
 * A secret as text carries it: as JSON writes it (a prompt's alerts, a stored record: a PEM's line
 * breaks, a quote), and as a server that echoes it may have encoded it: base64 in either alphabet
 * (a credential it wrapped; without padding, so a padded copy is masked too) and URL-encoded (a
 * query string it logged into an alert's payload).
 */
function encodedForms(secret: string): Set<string> {
  const bytes = Buffer.from(secret, 'utf8');
  return new Set([secret, JSON.stringify(secret).slice(1, -1), bytes.toString('base64').replace(/=+$/, ''), bytes.toString('base64url'), encodeURIComponent(secret)]);
}

export class Redactor {
  // An array, not a set: it is walked for every string of every alert a sync stores.
  readonly #secrets: string[] = [];

  registerSecret(secret: string): void {
    for (const form of encodedForms(secret)) {
      if (form.length >= MIN_REGISTERED_SECRET_LENGTH && !this.#secrets.includes(form)) this.#secrets.push(form);
    }
  }

  /** What has been registered, for work that redacts off main's thread (the local-data export in the database worker). */
  secrets(): readonly string[] {
    return [...this.#secrets];
  }

  redact(text: string): string {
    if (text.length < SHORTEST_REDACTED) return text;
    let result = text;
    // Registered secrets first: a key-shaped pattern might otherwise cut one in half and leave a tail.
    for (const secret of this.#secrets) if (result.includes(secret)) result = result.replaceAll(secret, REDACTED);
    if (!KEY_SHAPE_WORDS.test(result)) return result;
    for (const [pattern, replacement] of KEY_SHAPES) result = result.replace(pattern, replacement);
    return result;
  }
}

/**
 * `value` with every string in it passed through `redact` (a logger's, which knows every key the app
 * has read): what a server sent, before it is stored or written out, so a key it echoed back never
 * reaches SQLite or an export. A part with nothing to redact is returned as it is, not copied: a
 * sync passes every alert of a backfill through here on main's thread.
 */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const clean = redactStrings(item, redact);
      if (clean !== item) (copy ??= [...value])[index] = clean;
    }
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const names = Object.keys(record);
    // Entries, not assignment, once one changes: a server's own "__proto__" field stays a field.
    let entries: [string, unknown][] | undefined;
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index]!;
      const clean = redactStrings(record[name], redact);
      if (clean !== record[name] && !entries) entries = names.slice(0, index).map((earlier) => [earlier, record[earlier]]);
      entries?.push([name, clean]);
    }
    return (entries ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}
