// The addresses OpsDesk never blocks, or blocks only after asking again (issue 40): the one place
// that decides. The window shows what this answers, in words, wherever a block can start; the
// block service refuses what it refuses, so no path (a button, the palette, a bulk block, a model's
// proposal, a call over IPC) gets past it. Why each kind has its level: docs/architecture.md,
// "Addresses that are never blocked".
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import type { BlockCaution, BlockCautionKind, BlockCautionLevel } from '../../../../src-shared/contract/firewall.ts';
import type { BackEnd } from '../../../../src-shared/contract/profiles.ts';
import { fieldError } from '../../english-text.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { Logger } from '../../log/logger.ts';
import { UserFacingError } from '../../user-facing-error.ts';

export const CAUTION_LEVELS: Record<BlockCautionKind, BlockCautionLevel> = {
  // Traffic that never crosses a network, or no host at all: a block of it can only hurt the
  // appliance or this computer, and an alert "from" it is the appliance's own traffic or forged.
  loopback: 'refuse',
  unspecified: 'refuse',
  multicast: 'refuse',
  broadcast: 'refuse',
  // Blocking them cuts the analyst off from the appliance they are using to block.
  appliance: 'refuse',
  workstation: 'refuse',
  // A real host could be behind them (a neighbour on the appliance's segment; a shared cloud
  // address that also serves the analyst's gateway): the analyst decides, asked again.
  linkLocal: 'warn',
  ownConnection: 'warn',
  // Labs and our simulators send from them; never routed on the internet, so a block of one cuts
  // nothing real. Asking twice for each would teach the analyst to click through the question.
  documentation: 'note',
};

/** The special ranges, in the order a reason is given. A single address is written without its prefix. */
const RANGES: readonly { range: string; kind: BlockCautionKind }[] = [
  { range: '127.0.0.0/8', kind: 'loopback' },
  { range: '::1', kind: 'loopback' },
  { range: '0.0.0.0', kind: 'unspecified' },
  { range: '::', kind: 'unspecified' },
  { range: '224.0.0.0/4', kind: 'multicast' },
  { range: 'ff00::/8', kind: 'multicast' },
  { range: '255.255.255.255', kind: 'broadcast' },
  { range: '169.254.0.0/16', kind: 'linkLocal' },
  { range: 'fe80::/10', kind: 'linkLocal' },
  { range: '192.0.2.0/24', kind: 'documentation' },
  { range: '198.51.100.0/24', kind: 'documentation' },
  { range: '203.0.113.0/24', kind: 'documentation' },
  { range: '2001:db8::/32', kind: 'documentation' },
  // RFC 9637 (2024): the second IPv6 documentation range.
  { range: '3fff::/20', kind: 'documentation' },
];

const PARSED_RANGES = RANGES.map(({ range, kind }) => {
  const [address, bits] = range.includes('/') ? ipaddr.parseCIDR(range) : [ipaddr.parse(range), range.includes(':') ? 128 : 32];
  return { range, kind, address, bits };
});

const LEVEL_ORDER: Record<BlockCautionLevel, number> = { refuse: 0, warn: 1, note: 2 };

/** One of the analyst's connections, as it matters here: whose address it is. */
export interface ConnectionHost {
  service: BackEnd;
  name: string;
  host: string;
  /** The host's addresses (itself when it is an address). */
  addresses: readonly string[];
}

/** What an address is compared with, gathered once for one appliance (a bulk block judges thousands against it). */
export interface CautionContext {
  /** The appliance the block goes to. */
  appliance: ConnectionHost | null;
  /** This computer's addresses. */
  workstation: readonly string[];
  /** The analyst's other connections: gateways, support sites, other appliances. */
  connections: readonly ConnectionHost[];
}

/**
 * An address in the one form two ways of writing it compare equal in: IPv4 for an IPv4-mapped
 * IPv6 address (`::ffff:127.0.0.1` is 127.0.0.1 on the wire), IPv6 in full, no zone. Null when it
 * is not one address.
 */
export function canonicalAddress(input: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = input.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIP(text) === 0) return null;
  const parsed = ipaddr.parse(text);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

const keyOf = (address: ipaddr.IPv4 | ipaddr.IPv6) => (address.kind() === 'ipv4' ? address.toString() : (address as ipaddr.IPv6).toNormalizedString());

function sameAddress(address: ipaddr.IPv4 | ipaddr.IPv6, others: readonly string[]): boolean {
  const key = keyOf(address);
  return others.some((other) => {
    const parsed = canonicalAddress(other);
    return parsed !== null && keyOf(parsed) === key;
  });
}

const caution = (kind: BlockCautionKind, fields: Omit<BlockCaution, 'kind' | 'level'> = {}): BlockCaution => ({ kind, level: CAUTION_LEVELS[kind], ...fields });

/** What blocking `ip` would be, most serious first; none for an address like any other (or for what is not one address). */
export function blockCautionsOf(ip: string, context: CautionContext): BlockCaution[] {
  const address = canonicalAddress(ip);
  if (!address) return [];
  const found: BlockCaution[] = [];
  if (context.appliance && sameAddress(address, context.appliance.addresses)) found.push(caution('appliance', { host: context.appliance.host }));
  if (sameAddress(address, context.workstation)) found.push(caution('workstation'));
  for (const { range, kind, address: network, bits } of PARSED_RANGES) {
    if (network.kind() === address.kind() && address.match(network, bits)) found.push(caution(kind, { range }));
  }
  for (const connection of context.connections) {
    if (sameAddress(address, connection.addresses)) found.push(caution('ownConnection', { host: connection.host, connection: { service: connection.service, name: connection.name } }));
  }
  return found.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
}

/** The first refused caution as the error a block answers with: the reason in words, the address field named. */
export function neverBlocked(ip: string, refused: BlockCaution): UserFacingError {
  return new UserFacingError({
    code: 'bad_request',
    params: { context: `never_block_${refused.kind}`, ip, ...(refused.range && { range: refused.range }), ...(refused.host && { host: refused.host }) },
    fieldErrors: [fieldError('ip', 'never_block')],
  });
}

export interface BlockCautionsOptions {
  /** Every connection profile there is now. */
  connections(): readonly { id: string; service: BackEnd; name: string; baseUrl: string }[];
  /** This computer's addresses; the network interfaces' (read again every few seconds: a VPN comes and goes). */
  workstation?: () => string[];
  /** A host name's addresses; the system resolver's. */
  resolve?: (host: string) => Promise<string[]>;
  clock: Clock;
  logger?: Logger;
}

/** How long a host's addresses are kept; a failed lookup is tried again sooner. */
const RESOLVED_FOR_MS = 60_000;
const UNRESOLVED_FOR_MS = 10_000;
/** A resolver that does not answer leaves that host unknown rather than holding up a block. */
const LOOKUP_DEADLINE_MS = 2_000;
/** Reading the interfaces takes half a millisecond; a bulk block of thousands reads them once. */
const INTERFACES_FOR_MS = 5_000;

export function workstationAddresses(): string[] {
  try {
    // Loopback interfaces are the loopback ranges' already.
    return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).filter((entry) => !entry.internal).map((entry) => entry.address));
  } catch {
    return [];
  }
}

async function systemResolve(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** The host of a profile's base URL, without IPv6 brackets; null when the URL does not parse. */
export function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Gathers what addresses are compared with (connection hosts resolved, kept a minute) and judges them. */
export class BlockCautions {
  readonly #options: BlockCautionsOptions;
  readonly #resolved = new Map<string, { addresses: Promise<string[]>; until: number }>();
  #workstation: { addresses: string[]; until: number } | undefined;

  constructor(options: BlockCautionsOptions) {
    this.#options = options;
  }

  /** What blocking `ip` on `profileId`'s appliance would be (the window's question). */
  async of(profileId: string, ip: string): Promise<BlockCaution[]> {
    return (await this.judge(profileId))(ip);
  }

  /** A judge of addresses for one appliance, with what it compares against gathered once. */
  async judge(profileId: string): Promise<(ip: string) => BlockCaution[]> {
    const context = await this.#context(profileId);
    return (ip) => blockCautionsOf(ip, context);
  }

  /** Throws the refusal when OpsDesk never blocks `ip` on this appliance. */
  async refuseNeverBlocked(profileId: string, ip: string): Promise<void> {
    const refused = (await this.of(profileId, ip)).find((found) => found.level === 'refuse');
    if (refused) throw neverBlocked(ip, refused);
  }

  async #context(profileId: string): Promise<CautionContext> {
    const hosts = await Promise.all(
      this.#options.connections().map(async (connection) => {
        const host = hostOf(connection.baseUrl);
        return host === null ? null : { id: connection.id, service: connection.service, name: connection.name, host, addresses: await this.#addressesOf(host) };
      }),
    );
    const known = hosts.filter((host) => host !== null);
    const appliance = known.find((host) => host.id === profileId);
    return {
      appliance: appliance ? { service: appliance.service, name: appliance.name, host: appliance.host, addresses: appliance.addresses } : null,
      workstation: this.#workstationAddresses(),
      connections: known.filter((host) => host.id !== profileId).map(({ service, name, host, addresses }) => ({ service, name, host, addresses })),
    };
  }

  #workstationAddresses(): string[] {
    const now = this.#options.clock.now();
    if (!this.#workstation || this.#workstation.until <= now) {
      this.#workstation = { addresses: (this.#options.workstation ?? workstationAddresses)(), until: now + INTERFACES_FOR_MS };
    }
    return this.#workstation.addresses;
  }

  #addressesOf(host: string): Promise<string[]> {
    if (isIP(host) !== 0) return Promise.resolve([host]);
    const now = this.#options.clock.now();
    const kept = this.#resolved.get(host);
    if (kept && kept.until > now) return kept.addresses;
    const resolve = this.#options.resolve ?? systemResolve;
    const addresses = withDeadline(resolve(host), LOOKUP_DEADLINE_MS).then(
      (found) => {
        this.#resolved.set(host, { addresses, until: this.#options.clock.now() + RESOLVED_FOR_MS });
        return found;
      },
      (error: unknown) => {
        // Unknown is not refused: the block goes, and the appliance's own address is checked again on the next one.
        this.#options.logger?.warn('could not resolve a connection host for the block checks', { host, error });
        this.#resolved.set(host, { addresses: Promise.resolve([]), until: this.#options.clock.now() + UNRESOLVED_FOR_MS });
        return [];
      },
    );
    this.#resolved.set(host, { addresses, until: now + RESOLVED_FOR_MS });
    return addresses;
  }
}

/** The promise's answer, or a rejection once `ms` passed (a real timer: the resolver is the OS's, not the service clock's). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
