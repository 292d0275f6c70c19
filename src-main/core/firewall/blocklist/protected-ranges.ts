// The analyst's protected ranges (office, VPN, DNS servers), kept in the settings table: the block
// confirmation asks again for an address inside one. Off until the analyst turns it on; the
// private ranges are there to start from, since most offices and VPNs live in one of them.
import { protectedRangesSchema, type ProtectedRanges } from '../../../../src-shared/contract/firewall.ts';
import type { SettingsTable } from '../../db/settings.ts';

const KEY = 'firewall.protected-ranges';

export const DEFAULT_PROTECTED_RANGES: ProtectedRanges = {
  enabled: false,
  ranges: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'].map((range) => ({ range, label: '' })),
};

export class ProtectedRangesStore {
  readonly #table: SettingsTable;

  constructor(table: SettingsTable) {
    this.#table = table;
  }

  get(): ProtectedRanges {
    const stored = protectedRangesSchema.safeParse(this.#table.read(KEY));
    return stored.success ? stored.data : structuredClone(DEFAULT_PROTECTED_RANGES);
  }

  save(ranges: ProtectedRanges): ProtectedRanges {
    this.#table.write(KEY, ranges);
    return ranges;
  }
}
