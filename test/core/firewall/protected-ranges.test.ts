// The analyst's protected ranges: kept across a restart, the private ranges offered (off) until
// saved, and a range that is not one refused through the window's call with the field named.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../support/fake-clock.ts';
import { data, openWorkspace, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let workspace: Workspace | undefined;
afterEach(async () => {
  await workspace?.close();
  workspace = undefined;
});

describe('protected ranges', () => {
  it('start as the private ranges, switched off; what is saved is read back after a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-protected-'));
    workspace = await openWorkspace(clock, { dataDir });
    expect(data(await workspace.api.firewall.protectedRanges())).toEqual({
      enabled: false,
      ranges: [
        { range: '10.0.0.0/8', label: '' },
        { range: '172.16.0.0/12', label: '' },
        { range: '192.168.0.0/16', label: '' },
        { range: 'fc00::/7', label: '' },
      ],
    });
    const saved = { enabled: true, ranges: [{ range: '198.51.100.0/24', label: 'Office' }, { range: '2001:db8::53', label: 'DNS' }] };
    expect(data(await workspace.api.firewall.saveProtectedRanges(saved))).toEqual(saved);
    await workspace.close();
    workspace = await openWorkspace(clock, { dataDir });
    expect(data(await workspace.api.firewall.protectedRanges())).toEqual(saved);
    await workspace.close();
    workspace = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a range that is not an address or a CIDR block, naming the row', async () => {
    workspace = await openWorkspace(clock);
    const refused = await workspace.api.firewall.saveProtectedRanges({ enabled: true, ranges: [{ range: '10.0.0.0/8', label: '' }, { range: 'office.example', label: 'Office' }] });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.error.fieldErrors?.map((field) => [field.path, field.code])).toEqual([['ranges.1.range', 'ip_range']]);
    expect(data(await workspace.api.firewall.protectedRanges()).enabled).toBe(false);
  });
});
