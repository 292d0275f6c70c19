// The one place that decides which parts of a text from outside are a visitor's e-mail address or
// phone number, for a prompt to leave them out (Settings → the model at work). Phone numbers are
// libphonenumber-js's: valid as written with a country code, or valid in the visitor's region when
// written without one. The library also takes an IPv4 address, a date or an invoice number for a
// number of some region; a desk needs those as they are, so an address, a date, a time, an e-mail
// address and anything glued to a word (an id, a file name, a path) are never masked.
import { findPhoneNumbersInText, isSupportedCountry, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import type { OtherField } from '../../../src-shared/contract/support.ts';
import { findAddresses } from '../../../src-shared/address-mentions.ts';

export interface ContactMask {
  email: boolean;
  phone: boolean;
  /** The region a number written without its country code is read in; null: only numbers written with one. */
  phoneRegion: CountryCode | null;
}

interface Span {
  start: number;
  end: number;
}

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;

/** Year first (2026-11-29, 2026/11/29, 2026.11.29) or day and month first (29.11.2026, 11/29/2026, 29-11-26), one separator throughout. */
const datePattern = /(?<![\d./-])(?:(\d{4})([./-])(\d{1,2})\2(\d{1,2})|(\d{1,2})([./-])(\d{1,2})\6(\d{4}|\d{2}))(?!\d|[./-]\d)/g;
const timePattern = /(?<![\d:])([01]?\d|2[0-4]):[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?(?![\d:])/g;

/** Scripts written without spaces between words: a number right after such a letter stands alone. */
const unspacedLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const wordCharacter = /[\p{L}\p{N}_]/u;
const joinsBefore = /[-#/\\@=&?.]/;
const joinsAfter = /[-_@]/;
const joinsWhenAWordFollows = /[./:\\]/;

const isMonth = (value: string) => Number(value) >= 1 && Number(value) <= 12;
const isDay = (value: string) => Number(value) >= 1 && Number(value) <= 31;

function isDate(match: RegExpMatchArray): boolean {
  const [, , , yearMonth, yearDay, first, , second] = match;
  if (yearMonth !== undefined) return isMonth(yearMonth) && isDay(yearDay!);
  return (isDay(first!) && isMonth(second!)) || (isMonth(first!) && isDay(second!));
}

function spansOf(text: string, pattern: RegExp, keep: (match: RegExpMatchArray) => boolean = () => true): Span[] {
  return [...text.matchAll(pattern)].filter(keep).map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

const isWordCharacter = (character: string | undefined) => character !== undefined && wordCharacter.test(character) && !unspacedLetter.test(character);

/** A number joined to the word or path around it is part of that (INV-20261129, call-2026-11-29.wav, #48213377, /orders/4155552671). */
function isGlued(text: string, { start, end }: Span): boolean {
  const before = text[start - 1];
  const after = text[end];
  // "Tel.+49 …" and "tel:+1 …": a plus sign opens a number whatever stands before it.
  const gluedBefore = text[start] !== '+' && (isWordCharacter(before) || (before !== undefined && joinsBefore.test(before)));
  const gluedAfter = isWordCharacter(after) || (after !== undefined && joinsAfter.test(after)) || (after !== undefined && joinsWhenAWordFollows.test(after) && isWordCharacter(text[end + 1]));
  return gluedBefore || gluedAfter;
}

/**
 * A run of digits alone, written without the trunk prefix its region writes before it (48213377 in
 * Germany, where a number is written 04821 3377): an id, not a number anyone would dial.
 */
function lacksTrunkPrefix(written: string, number: PhoneNumber): boolean {
  if (!/^\d+$/.test(written)) return false;
  const national = number.formatNational().replace(/\D/g, '');
  return national !== written && national.endsWith(written);
}

const overlaps = (span: Span, others: readonly Span[]) => others.some((other) => span.start < other.end && other.start < span.end);

function phoneSpans(text: string, region: CountryCode | null): Span[] {
  const found = findPhoneNumbersInText(text, region ? { defaultCountry: region } : undefined);
  if (found.length === 0) return [];
  const facts = [
    ...findAddresses(text),
    ...spansOf(text, emailPattern),
    ...spansOf(text, datePattern, isDate),
    ...spansOf(text, timePattern),
  ];
  return found
    .map(({ number, startsAt, endsAt }) => ({ number, start: startsAt, end: endsAt }))
    .filter((span) => !overlaps(span, facts) && !isGlued(text, span) && !lacksTrunkPrefix(text.slice(span.start, span.end), span.number));
}

function replaced(text: string, spans: readonly Span[], label: string): string {
  let shown = '';
  let from = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    shown += `${text.slice(from, span.start)}${label}`;
    from = span.end;
  }
  return shown + text.slice(from);
}

/** `text` with the e-mail addresses and phone numbers the mask names replaced by `[email]` and `[phone]`. */
export function maskContactDetails(text: string, mask: ContactMask): string {
  const phones = mask.phone ? replaced(text, phoneSpans(text, mask.phoneRegion), '[phone]') : text;
  return mask.email ? phones.replace(emailPattern, '[email]') : phones;
}

/** Where a ticket or a contact names its person's country (support.md names no field; docs/api-assumptions.md). */
const REGION_FIELDS = ['country', 'country_code', 'countryCode', 'visitor_country', 'locale', 'visitor_locale'];

/** A two-letter country code ("DE") or a locale with a region ("zh-CN", "en_GB") that the phone metadata knows. */
function regionIn(value: string): CountryCode | null {
  const trimmed = value.trim();
  const code = /^[A-Za-z]{2}$/.test(trimmed) ? trimmed.toUpperCase() : localeRegion(trimmed.replace('_', '-'));
  return code !== undefined && isSupportedCountry(code) ? code : null;
}

function localeRegion(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/** The country a ticket's or a contact's fields name, if any. */
export function phoneRegionOf(fields: readonly OtherField[]): CountryCode | null {
  for (const name of REGION_FIELDS) {
    const value = fields.find((field) => field.name === name)?.value;
    const region = value === undefined ? null : regionIn(value);
    if (region) return region;
  }
  return null;
}

/** The workstation's own region (its locale's, "en" read as "en-US"): where a visitor of unknown country most likely dials from. */
export function workstationRegion(): CountryCode | null {
  const region = new Intl.Locale(Intl.DateTimeFormat().resolvedOptions().locale).maximize().region;
  return region !== undefined && isSupportedCountry(region) ? region : null;
}
