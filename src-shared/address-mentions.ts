// Finds IPv4 and IPv6 addresses and CIDR ranges in free text (a ticket message, an alert's message,
// a model's answer), for the window to link them and for main to find the items that mention one.
// ipaddr.js decides what an address is; this file only cuts the text into candidate tokens and
// tries the few shapes an address takes in prose: bare, with a port, in brackets, with a prefix
// length, after a label ("src:"), inside a URL, followed by sentence punctuation.
import ipaddr from 'ipaddr.js';

export type AddressFamily = 'ipv4' | 'ipv6';

/** An address or range in its one written form: what a card, a tab and a link name. */
export interface ParsedAddress {
  /** `203.0.113.7`, `2001:db8::1`, or a range as its network `10.0.0.0/8`. */
  address: string;
  family: AddressFamily;
  /** The prefix length of a range; absent for one address. */
  prefixLength?: number;
}

/** An address found in a text: where it is (the port, brackets and label left out) and what it is. */
export interface AddressMention extends ParsedAddress {
  start: number;
  end: number;
}

/** Letters belong to tokens so that an address glued to a word ("v1.2.3.4", "1.2.3.4abc") is no address. */
const CANDIDATE_TOKEN = /[0-9A-Za-z.:/[\]]+/g;
/** The longest written address with a port or a prefix ("[ffff:…:255.255.255.255]:65535" is 55); longer tokens are cut at '/' first. */
const LONGEST_CANDIDATE = 64;
/** Beyond this many mentions a text is not prose; the rest stay plain text. */
const MOST_MENTIONS = 500;
const DECIMAL = /^\d{1,5}$/;
const LABEL = /^[A-Za-z]+:/;
const TRAILING_PUNCTUATION = /[.:\]]$/;

interface Span extends ParsedAddress {
  start: number;
  end: number;
}

/**
 * One address written alone. IPv4 only as four plain decimal parts: ipaddr.js also reads "1.2.3",
 * "0x7f.1" and "010.1.1.1" (octal), which in prose are versions, hex and zero-padded numbers.
 * IPv6 needs a digit, so "a::b" and "::" in code are not addresses.
 */
function parsePlain(text: string): { ip: ipaddr.IPv4 | ipaddr.IPv6; family: AddressFamily } | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return { ip: ipaddr.IPv4.parse(text), family: 'ipv4' };
  if (text.includes(':') && /\d/.test(text) && !text.includes('%') && ipaddr.IPv6.isValid(text)) {
    const ip = ipaddr.IPv6.parse(text);
    // An IPv4-mapped IPv6 address is that IPv4 host; it is named once, in its IPv4 form.
    return ip.isIPv4MappedAddress() ? { ip: ip.toIPv4Address(), family: 'ipv4' } : { ip, family: 'ipv6' };
  }
  return null;
}

const written = (ip: ipaddr.IPv4 | ipaddr.IPv6): string => (ip.kind() === 'ipv6' ? (ip as ipaddr.IPv6).toRFC5952String() : ip.toString());

function plainAddress(text: string): ParsedAddress | null {
  const plain = parsePlain(text);
  return plain && { address: written(plain.ip), family: plain.family };
}

function range(text: string): ParsedAddress | null {
  const slash = text.lastIndexOf('/');
  const bits = text.slice(slash + 1);
  if (slash <= 0 || !DECIMAL.test(bits)) return null;
  const plain = parsePlain(text.slice(0, slash));
  if (!plain) return null;
  const prefixLength = Number(bits);
  // A mapped address's prefix counted over 128 bits loses its 96 leading bits in IPv4 form.
  const wasMapped = plain.family === 'ipv4' && text.slice(0, slash).includes(':');
  const length = wasMapped ? prefixLength - 96 : prefixLength;
  if (length < 0 || length > (plain.family === 'ipv4' ? 32 : 128)) return null;
  const network = plain.family === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${written(plain.ip)}/${length}`) : ipaddr.IPv6.networkAddressFromCIDR(`${written(plain.ip)}/${length}`);
  return { address: `${written(network)}/${length}`, family: plain.family, prefixLength: length };
}

const isPort = (text: string) => DECIMAL.test(text) && Number(text) <= 65_535;

/** An address or range spanning part of `text` (a port, brackets left out), or null. */
function interpret(text: string): Span | null {
  const whole = plainAddress(text) ?? range(text);
  if (whole) return { ...whole, start: 0, end: text.length };
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    const after = text.slice(close + 1);
    if (close > 1 && (after === '' || (after.startsWith(':') && isPort(after.slice(1))))) {
      const inner = plainAddress(text.slice(1, close)) ?? range(text.slice(1, close));
      return inner && { ...inner, start: 1, end: close };
    }
    return null;
  }
  // An IPv6 address with a port needs brackets; one colon after four decimal parts is an IPv4 port.
  const colon = text.lastIndexOf(':');
  if (colon > 0 && text.indexOf(':') === colon && isPort(text.slice(colon + 1)) && ipaddr.IPv4.isValidFourPartDecimal(text.slice(0, colon))) {
    return { address: written(ipaddr.IPv4.parse(text.slice(0, colon))), family: 'ipv4', start: 0, end: colon };
  }
  return null;
}

/** The token read whole, then with its sentence punctuation or a label taken off. */
function interpretTrimmed(token: string): Span | null {
  for (let end = token.length; end > 0; end--) {
    const span = interpret(token.slice(0, end));
    if (span) return span;
    if (!TRAILING_PUNCTUATION.test(token.slice(0, end))) break;
  }
  const label = LABEL.exec(token);
  if (label) {
    const rest = interpretTrimmed(token.slice(label[0].length));
    return rest && { ...rest, start: rest.start + label[0].length, end: rest.end + label[0].length };
  }
  return null;
}

/** A token's addresses: itself, or, when it is not one, each of its '/' pieces ("https://10.0.0.1:8443/x"). */
function tokenSpans(token: string): Span[] {
  const whole = token.length <= LONGEST_CANDIDATE ? interpretTrimmed(token) : null;
  if (whole) return [whole];
  if (!token.includes('/')) return [];
  const spans: Span[] = [];
  let offset = 0;
  for (const piece of token.split('/')) {
    const span = piece.length > 0 && piece.length <= LONGEST_CANDIDATE ? interpretTrimmed(piece) : null;
    if (span) spans.push({ ...span, start: span.start + offset, end: span.end + offset });
    offset += piece.length + 1;
  }
  return spans;
}

/** Every address and range in `text`, in order; what is not one (a version, a time, a MAC) is left out. */
export function findAddresses(text: string): AddressMention[] {
  const mentions: AddressMention[] = [];
  for (const match of text.matchAll(CANDIDATE_TOKEN)) {
    const token = match[0];
    // Cheap refusal first: an address has a '.' or a ':' and a digit.
    if (!/[.:]/.test(token) || !/\d/.test(token)) continue;
    for (const span of tokenSpans(token)) {
      mentions.push({ ...span, start: span.start + match.index, end: span.end + match.index });
      if (mentions.length >= MOST_MENTIONS) return mentions;
    }
  }
  return mentions;
}

/** `input` as one address or range, written as links and cards write it; null when it is not exactly one. */
export function parseAddress(input: string): ParsedAddress | null {
  const text = input.trim();
  if (text.length === 0 || text.length > LONGEST_CANDIDATE) return null;
  return plainAddress(text) ?? range(text);
}

function asCidr(parsed: ParsedAddress): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const [address] = parsed.address.split('/');
  const ip = ipaddr.parse(address!);
  return [ip, parsed.prefixLength ?? (parsed.family === 'ipv4' ? 32 : 128)];
}

/**
 * Whether `other` (an address or range as written anywhere: a block entry, an alert's source) is
 * `parsed` or overlaps it: an address inside a blocked range is blocked, a range holds its addresses.
 */
export function addressesOverlap(parsed: ParsedAddress, other: string): boolean {
  const that = parseAddress(other);
  if (!that || that.family !== parsed.family) return false;
  const [thisIp, thisBits] = asCidr(parsed);
  const [thatIp, thatBits] = asCidr(that);
  return thisBits <= thatBits ? thatIp.match(thisIp, thisBits) : thisIp.match(thatIp, thatBits);
}

/** Whether `text` mentions `parsed`: the same address or range, or, for a range, an address inside it. */
export function mentionsAddress(text: string, parsed: ParsedAddress): boolean {
  return findAddresses(text).some(
    (mention) => mention.address === parsed.address || (parsed.prefixLength !== undefined && mention.prefixLength === undefined && addressesOverlap(parsed, mention.address)),
  );
}
