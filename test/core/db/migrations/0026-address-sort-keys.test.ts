import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0026-address-sort-keys.ts';
import { queryPlan, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 26 (address sort keys) gives every cached alert its address keys, so the sort index orders them as numbers', () => {
  const db = schemaBefore(migration);
  const key = db.prepare("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a') RETURNING key").pluck().get() as number;
  const insert = db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, occurred_ms, src_ip, dst_ip) VALUES (?, ?, 1, 1, ?, ?, ?)");
  const sources = ['222.1.1.1', '45.3.2.1', '91.60.172.98', '91.5.234.199', '2001:db8::1', null];
  sources.forEach((source, i) => insert.run(key, `alt_${i}`, 1000 + i, source, i % 2 === 0 ? '10.20.12.3' : '10.20.2.21'));
  runMigration(db, migration);

  const bySource = 'SELECT src_ip FROM firewall_alerts WHERE profile_key = ? ORDER BY src_ip_key, occurred_ms';
  expect(db.prepare(bySource).pluck().all(key)).toEqual([null, '45.3.2.1', '91.5.234.199', '91.60.172.98', '222.1.1.1', '2001:db8::1']);
  expect(db.prepare('SELECT dst_ip FROM firewall_alerts WHERE profile_key = ? ORDER BY dst_ip_key DESC LIMIT 1').pluck().get(key)).toBe('10.20.12.3');
  expect(queryPlan(db, `SELECT id FROM firewall_alerts WHERE profile_key = 1 ORDER BY src_ip_key, occurred_ms`)).toMatch(/firewall_alerts_by_source_order/);
  expect(queryPlan(db, `SELECT id FROM firewall_alerts WHERE profile_key = 1 ORDER BY dst_ip_key DESC, occurred_ms DESC`)).toMatch(/firewall_alerts_by_destination_order/);
});
