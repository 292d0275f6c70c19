// A real appliance will not match our simulator field for field: the plain dialect sends numeric
// ids and Unix-second times. Sync, the table and the detail read it all the same.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, cachedAlertIds, openWorkspace, simulatorAlertIds, sorted, type Workspace } from './firewall-fixture.ts';
import { expectEach } from '../../support/expect-each.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 700, clock, dialect: 'plain' });
  workspace = await openWorkspace(clock);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

test('the plain dialect (numeric ids, Unix-second times) syncs exactly and shows real times', async () => {
  const profileId = await addFirewallProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(profileId));
  const expected = await simulatorAlertIds(sims);
  expectEach(expected, (id) => /^\d+$/.test(String(id)), 'be a number');
  expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(expected.map(String)));
  const page = await workspace.api.firewall.alerts({ profileId, limit: 3 });
  const rows = page.ok ? page.data.rows : [];
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(Math.abs(Date.parse(row.occurredAt!) - clock.now())).toBeLessThan(31 * 86_400_000);
  }
  const detail = await clock.run(workspace.api.firewall.alert({ profileId, alertId: rows[0]!.id }));
  expect(detail.ok && detail.data).toMatchObject({ id: rows[0]!.id, from: 'appliance' });
});

test.each([
  ['ids as numbers', { id: 42, severity: 'high' }, { id: '42', severity: 'high' }],
  ['another offset', { id: 'a', occurred_at: '2025-01-01T08:00:00+08:00' }, { occurredMs: Date.parse('2025-01-01T00:00:00Z') }],
  ['Unix milliseconds', { id: 'a', timestamp: 1_735_689_600_000 }, { occurredMs: 1_735_689_600_000 }],
  ['a numeric level', { id: 'a', level: 4 }, { severity: 'critical' }],
  ['a field we have no column for', { id: 'a', mitre: { technique: 'T1110' } }, { other: { mitre: { technique: 'T1110' } } }],
  ['missing fields', { id: 'a' }, { severity: null, srcIp: null, occurredMs: null, other: null }],
  ['a port that is not one', { id: 'a', src_port: 'n/a', dst_port: 443.5 }, { srcPort: null, dstPort: null }],
])('an alert with %s is read', (_name, wire, read) => {
  expect(readAlert(fieldsOf(wire)!)).toMatchObject(read);
});

test('an alert without a usable id is refused, not guessed', () => {
  expect(readAlert(fieldsOf({ severity: 'high' })!)).toBeUndefined();
  expect(readAlert(fieldsOf({ id: '  ' })!)).toBeUndefined();
});
