// What the user typed into the palette, read once: the prefix that narrows it, the words, and
// whether it is an address (ipaddr.js, a maintained parser, decides) or the start of one.
import ipaddr from 'ipaddr.js';
import { searchKinds, searchPrefixes, type SearchKind, type SearchPrefix } from '../../../src-shared/contract/search.ts';

export interface SearchText {
  prefix: SearchPrefix | null;
  /** The text after the prefix, trimmed. */
  rest: string;
  /** Runs of letters and digits, as FTS5's default tokenizer makes words. */
  words: string[];
  /** A whole IPv4 or IPv6 address or CIDR range, as typed. */
  address: string | null;
  /** Digits and dots, or hex digits with a colon: the start of an address, matched against address columns. */
  addressStart: string | null;
  kinds: ReadonlySet<SearchKind>;
}

const KINDS_OF_PREFIX: Record<SearchPrefix, readonly SearchKind[]> = {
  ip: ['alert', 'block', 'allow'],
  ticket: ['ticket'],
  alert: ['alert'],
  chat: ['conversation'],
  case: ['case'],
};
const PREFIX = new RegExp(`^\\s*(${searchPrefixes.join('|')})\\s*:\\s*`, 'i');
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ADDRESS_START = /^(?:\d{1,3}\.[\d.]*|[\da-f]*:[\da-f:.]*)$/i;

function isAddress(text: string): boolean {
  if (text.includes('/')) return ipaddr.isValidCIDR(text) && (text.includes(':') || ipaddr.IPv4.isValidCIDRFourPartDecimal(text));
  return text.includes(':') ? ipaddr.IPv6.isValid(text) : ipaddr.IPv4.isValidFourPartDecimal(text);
}

export function readSearchText(typed: string): SearchText {
  const prefixed = PREFIX.exec(typed);
  const prefix = prefixed ? (prefixed[1]!.toLowerCase() as SearchPrefix) : null;
  const rest = (prefixed ? typed.slice(prefixed[0].length) : typed).trim();
  const address = isAddress(rest) ? rest : null;
  return {
    prefix,
    rest,
    words: rest.match(WORD) ?? [],
    address,
    addressStart: address ?? (ADDRESS_START.test(rest) ? rest : null),
    kinds: new Set(prefix ? KINDS_OF_PREFIX[prefix] : searchKinds),
  };
}

/**
 * Shorter chunks are left out of the full-text queries: one letter as a prefix would make an index
 * merge most of its words, and narrows nothing down.
 */
export const SEARCHED_LENGTH = 2;

/** Each word a prefix, all of them required: for the alerts' index, which keeps no positions. Empty when no word is long enough. */
export function wordsQuery(words: readonly string[]): string {
  return words
    .filter((word) => word.length >= SEARCHED_LENGTH)
    .map((word) => `"${word}"*`)
    .join(' AND ');
}

/**
 * Each typed chunk (of SEARCHED_LENGTH or more letters and digits) a phrase of its words, its last word a prefix, all chunks required:
 * "203.0.113.2" finds that address's start in a message, not four numbers anywhere in it.
 */
export function phrasesQuery(rest: string): string {
  return rest
    .split(/\s+/)
    .map((chunk) => chunk.match(WORD))
    .filter((words): words is RegExpMatchArray => words !== null && words.join('').length >= SEARCHED_LENGTH)
    .map((words) => `"${words.join(' ')}"*`)
    .join(' AND ');
}
