// A case's observables: the addresses, domains and file hashes (MD5, SHA-1, SHA-256 in hex) its
// items name, in the texts its timeline shows (an alert's fields, a ticket's messages, a note, a
// conversation's turns, a write's target) and in what the cache holds of its alerts beyond them
// (the fields the appliance sent that OpsDesk has no column for, the detail it was shown). Pure:
// the service reads the events and the alerts' texts, this finds and counts; the standing of each
// address (blocked, allowed, cached alerts, cautions) is the service's to add.
import { parse } from 'tldts';
import type { CaseObservable, HashType, ObservableKind, ObservableSighting, TimelineEvent } from '../../../src-shared/contract/cases.ts';

/** The newest events an observable lists as where it was seen. */
const SIGHTINGS_KEPT = 20;
/** What of one alert's extra fields is read: an appliance's payload excerpt, not a packet capture. */
const PAYLOAD_CHARS = 20_000;

const HASH_LENGTHS: Record<number, HashType> = { 32: 'md5', 40: 'sha1', 64: 'sha256' };
// Hex of a hash's length standing alone: not inside a longer hex run, a word or an identifier (`req_…`).
const HASH = /(?<![0-9A-Za-z_-])(?:[0-9a-f]{64}|[0-9a-f]{40}|[0-9a-f]{32})(?![0-9A-Za-z_-])/gi;
// Dotted names not inside an e-mail address (a visitor's mail provider is no observable of the
// incident), a longer name or a path's file part; a URL's host after its `//` is one.
const DOMAIN = /(?<![\p{L}\p{N}_@.\-\\])(?<!(?<!\/)\/)((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])/giu;
// A defanged indicator (`evil[.]example[.]com`, `hxxp://`) as analysts and feeds write them.
const DEFANGED_DOT = /\[\.\]|\(\.\)|\{\.\}/g;
/**
 * Top-level domains that are also files' extensions: a two-label name ending in one of them is
 * far more often a file (`readme.md`, `setup.py`, `photos.zip`) than a host.
 */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'rs', 'sh', 'pl', 'pm', 'ps', 'zip', 'mov', 'so', 'cc', 'sc', 'st', 'ai', 'bz', 'java', 'pub']);

/** The hashes in a text, lower case, with their kind. */
export function findHashes(text: string): { value: string; hashType: HashType }[] {
  return [...text.matchAll(HASH)].flatMap(([found]) => {
    // All digits or all letters is a number or a word of filler, not a digest.
    if (!/[0-9]/.test(found) || !/[a-f]/i.test(found)) return [];
    return [{ value: found.toLowerCase(), hashType: HASH_LENGTHS[found.length]! }];
  });
}

/** The domains in a text, lower case: names under a public suffix of ICANN's list. */
export function findDomains(text: string): string[] {
  const found = new Set<string>();
  for (const [, name] of text.replace(DEFANGED_DOT, '.').matchAll(DOMAIN)) {
    const host = name!.toLowerCase();
    const parsed = parse(host, { allowPrivateDomains: false });
    if (!parsed.isIcann || parsed.isIp || !parsed.domain || !parsed.publicSuffix) continue;
    if (parsed.subdomain === '' && FILE_LIKE_SUFFIXES.has(parsed.publicSuffix)) continue;
    found.add(host);
  }
  return [...found];
}

interface Named {
  kind: ObservableKind;
  value: string;
  hashType: HashType | null;
}

/** What one event names: its addresses (as the timeline found them), and the domains and hashes in its words and its extra texts. */
function namedBy(event: TimelineEvent, extra: string | undefined): Named[] {
  const texts = [event.summary, event.text ?? '', extra ?? ''].join('\n');
  const named: Named[] = [];
  // A range is no one host: its card is the address card's, not an observable.
  for (const address of new Set(event.addresses)) if (!address.includes('/')) named.push({ kind: 'address', value: address, hashType: null });
  for (const domain of findDomains(texts)) named.push({ kind: 'domain', value: domain, hashType: null });
  for (const hash of new Map(findHashes(texts).map((found) => [found.value, found])).values()) named.push({ kind: 'hash', value: hash.value, hashType: hash.hashType });
  return named;
}

/** The strings of an appliance's JSON (an alert's other fields, its detail), one a line, cut to a readable size. */
export function payloadText(...values: unknown[]): string {
  const strings: string[] = [];
  let length = 0;
  const walk = (value: unknown) => {
    if (length > PAYLOAD_CHARS) return;
    if (typeof value === 'string') {
      strings.push(value);
      length += value.length + 1;
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  return strings.join('\n').slice(0, PAYLOAD_CHARS);
}

/** Every observable the timeline names, most named first, without standing. */
export function observablesOf(events: readonly TimelineEvent[], extraTexts: ReadonlyMap<string, string>): CaseObservable[] {
  const found = new Map<string, CaseObservable & { sightings: ObservableSighting[] }>();
  // Newest first, as the timeline is: the first sightings kept are the newest.
  for (const event of events) {
    for (const named of namedBy(event, extraTexts.get(event.id))) {
      const key = `${named.kind}:${named.value}`;
      let observable = found.get(key);
      if (!observable) {
        observable = { ...named, events: 0, firstAt: null, lastAt: null, seenIn: [], sightings: [], standing: null };
        found.set(key, observable);
      }
      observable.events += 1;
      observable.lastAt ??= event.at;
      observable.firstAt = event.at;
      if (observable.sightings.length < SIGHTINGS_KEPT) {
        observable.sightings.push({ eventId: event.id, kind: event.kind, what: event.what, at: event.at, itemLabel: event.itemLabel, summary: event.summary, target: event.target });
      }
    }
  }
  return [...found.values()]
    .map(({ sightings, ...observable }) => ({ ...observable, seenIn: sightings }))
    .sort((a, b) => b.events - a.events || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.value.localeCompare(b.value));
}

const KIND_ORDER: Record<ObservableKind, number> = { address: 0, domain: 1, hash: 2 };

/** The observables of one kind and with these words in their value (or the label of an item naming them). */
export function filterObservables(observables: readonly CaseObservable[], kind: ObservableKind | undefined, text: string | undefined): CaseObservable[] {
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return observables.filter(
    (observable) =>
      (kind === undefined || observable.kind === kind) &&
      words.every((word) => observable.value.includes(word) || observable.seenIn.some((seen) => (seen.itemLabel ?? '').toLowerCase().includes(word))),
  );
}
