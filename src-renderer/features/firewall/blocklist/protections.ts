import type { AllowEntry, ProtectedRanges } from '../../../../src-shared/contract/firewall.ts';
import { addressesOverlap, parseAddress } from '../../../../src-shared/address-mentions.ts';

/** Why blocking an address deserves a second question: an allow-list entry or a protected range holds it. */
export interface Protection {
  kind: 'allowed' | 'protected';
  range: string;
  label: string;
}

/**
 * The allow-list entries and (when switched on) the analyst's protected ranges that hold `ip`,
 * compared as addresses (2001:db8::1 is in 2001:db8::/32, 10.1.2.3 in 10.0.0.0/8), not as text.
 */
export function protectionsOf(ip: string, allowlist: readonly AllowEntry[], ranges: ProtectedRanges | undefined): Protection[] {
  const parsed = parseAddress(ip);
  if (!parsed) return [];
  return [
    ...allowlist.filter((entry) => addressesOverlap(parsed, entry.ip)).map((entry): Protection => ({ kind: 'allowed', range: entry.ip, label: entry.description ?? '' })),
    ...(ranges?.enabled ? ranges.ranges : [])
      .filter((protectedRange) => addressesOverlap(parsed, protectedRange.range))
      .map((protectedRange): Protection => ({ kind: 'protected', range: protectedRange.range, label: protectedRange.label })),
  ];
}
