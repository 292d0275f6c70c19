// A real appliance will not match our simulator field for field: the plain dialect sends numeric
// ids and Unix-second times. Sync, the table and the detail read it all the same.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { severityScaleOf } from '../../../src-main/core/firewall/alerts/severity-scale.ts';
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
  ['a numeric level: the document does not say which end is most severe', { id: 'a', level: 4 }, { severity: 'level 4' }],
  ['a severity word of another appliance', { id: 'a', severity: 'Informational' }, { severity: 'low' }],
  ['a field we have no column for', { id: 'a', mitre: { technique: 'T1110' } }, { other: { mitre: { technique: 'T1110' } } }],
  ['missing fields', { id: 'a' }, { severity: null, srcIp: null, occurredMs: null, other: null }],
  ['a port that is not one', { id: 'a', src_port: 'n/a', dst_port: 443.5 }, { srcPort: null, dstPort: null }],
])('an alert with %s is read', (_name, wire, read) => {
  expect(readAlert(fieldsOf(wire)!)).toMatchObject(read);
});

describe('numeric severities', () => {
  const severities = (profileId: string) =>
    (workspace.services.db.prepare('SELECT DISTINCT severity FROM firewall_alerts WHERE profile_key = (SELECT key FROM firewall_profile_keys WHERE profile_id = ?)').all(profileId) as { severity: string }[])
      .map((row) => row.severity)
      .sort();

  test('without a scale in the description they are "level N", sorted and filtered by number', async () => {
    const profileId = await addFirewallProfile(workspace, sims);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(severities(profileId)).toEqual(['level 1', 'level 2', 'level 3', 'level 4']);
    const level4 = await workspace.api.firewall.alerts({ profileId, filter: { severity: ['level 4'] }, limit: 500 });
    const rows = level4.ok ? level4.data.rows : [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.severity !== 'level 4')).toEqual([]);
    const sorted = await workspace.api.firewall.alerts({ profileId, sort: { field: 'severity', direction: 'desc' }, limit: 1 });
    expect(sorted.ok && sorted.data.rows[0]?.severity).toBe('level 4');
  });

  test('the description that says what each number means names them', async () => {
    sims.firewall.describeSeverityScale(true);
    try {
      const profileId = await addFirewallProfile(workspace, sims);
      await clock.run(workspace.services.firewall.syncNow(profileId));
      expect(severities(profileId)).toEqual(['critical', 'high', 'low', 'medium']);
    } finally {
      sims.firewall.describeSeverityScale(false);
    }
  });

  test.each([
    ['x-enum-descriptions', { type: 'integer', enum: [1, 2, 3], 'x-enum-descriptions': ['Critical', 'Warning', 'Info'] }, { '1': 'critical', '2': 'medium', '3': 'low' }],
    ['its description text', { type: 'integer', description: 'Severity: 1 = critical, 2 = high, 3 = medium, 4 = low' }, { '1': 'critical', '4': 'low' }],
  ])('a scale in %s', (_name, severity, expected) => {
    const scale = severityScaleOf({ operations: [], document: { openapi: '3.1.0', components: { schemas: { Alert: { properties: { severity } } } } } });
    expect(Object.fromEntries(scale ?? [])).toMatchObject(expected);
  });
});

test('an alert without a usable id is refused, not guessed', () => {
  expect(readAlert(fieldsOf({ severity: 'high' })!)).toBeUndefined();
  expect(readAlert(fieldsOf({ id: '  ' })!)).toBeUndefined();
});
