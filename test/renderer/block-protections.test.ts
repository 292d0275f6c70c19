// Which allow-list entries and protected ranges make the block confirmation ask again: compared
// as addresses, not as text, and the protected ranges only while they are switched on.
import { describe, expect, it } from 'vitest';
import type { AllowEntry } from '../../src-shared/contract/firewall.ts';
import { protectionsOf } from '../../src-renderer/features/firewall/blocklist/protections.ts';

const allow = (ip: string, description: string | null = null): AllowEntry => ({ id: `alw_${ip}`, ip, description, createdAt: null });
const ranges = (enabled: boolean) => ({ enabled, ranges: [{ range: '10.0.0.0/8', label: 'Office' }, { range: '2001:db8::/32', label: '' }] });

describe('protectionsOf', () => {
  it('finds the allow-list entries and the switched-on protected ranges that hold the address', () => {
    expect(protectionsOf('10.1.2.3', [allow('10.1.2.0/24', 'Printers'), allow('10.1.3.0/24')], ranges(true))).toEqual([
      { kind: 'allowed', range: '10.1.2.0/24', label: 'Printers' },
      { kind: 'protected', range: '10.0.0.0/8', label: 'Office' },
    ]);
    expect(protectionsOf('2001:db8:0::7', [], ranges(true))).toEqual([{ kind: 'protected', range: '2001:db8::/32', label: '' }]);
  });

  it('leaves the protected ranges out while they are off, and asks nothing for an address outside everything', () => {
    expect(protectionsOf('10.1.2.3', [], ranges(false))).toEqual([]);
    expect(protectionsOf('203.0.113.7', [allow('10.1.2.3'), allow('203.0.113.70')], ranges(true))).toEqual([]);
    // Text that merely starts alike is not the same address.
    expect(protectionsOf('10.1.2.30', [allow('10.1.2.3')], undefined)).toEqual([]);
  });

  it('asks nothing while the address typed is not one yet', () => {
    expect(protectionsOf('10.1.', [allow('10.0.0.0/8')], ranges(true))).toEqual([]);
  });
});
