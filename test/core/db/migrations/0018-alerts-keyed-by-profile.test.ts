import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0018-alerts-keyed-by-profile.ts';
import { queryPlan, rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 18 keys cached alerts and their counts by a number per profile: rows, full-text words and counts carry over, and leave with the profile', () => {
  const db = schemaBefore(migration);
  const insert = db.prepare(
    "INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, category, action, src_ip, signature, message) VALUES ('a', ?, 1, 'high', 3, 'port_scan', 'blocked', ?, 'ET SCAN Nmap probe', 'probe')",
  );
  insert.run('alt_1', '203.0.113.9');
  insert.run('alt_2', '198.51.100.7');
  db.exec('INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip) SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts');
  runMigration(db, migration);
  expect(db.prepare('SELECT key, profile_id FROM firewall_profile_keys').all()).toEqual([{ key: 1, profile_id: 'a' }]);
  expect(db.prepare('SELECT profile_key, id, src_ip FROM firewall_alerts ORDER BY id').all()).toEqual([
    { profile_key: 1, id: 'alt_1', src_ip: '203.0.113.9' },
    { profile_key: 1, id: 'alt_2', src_ip: '198.51.100.7' },
  ]);
  const match = (query: string) => db.prepare(`SELECT a.id FROM firewall_alerts_fts f JOIN firewall_alerts a ON a.rowid = f.rowid WHERE firewall_alerts_fts MATCH '${query}' ORDER BY a.id`).pluck().all();
  expect(match('nmap')).toEqual(['alt_1', 'alt_2']);
  const counts = () => db.prepare('SELECT profile_key, severity, category, action, alerts FROM firewall_alert_counts').all();
  expect(counts()).toEqual([{ profile_key: 1, severity: 'high', category: 'port_scan', action: 'blocked', alerts: 2 }]);
  expect(() => db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank) VALUES (1, 'alt_1', 2, 3)").run()).toThrow(/UNIQUE/);
  db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
  expect(counts()).toEqual([{ profile_key: 1, severity: 'high', category: 'port_scan', action: 'blocked', alerts: 1 }]);
  expect(match('nmap')).toEqual(['alt_2']);
  expect(queryPlan(db, 'SELECT id FROM firewall_alerts WHERE profile_key = 1 ORDER BY src_ip, occurred_ms LIMIT 10')).toMatch(/INDEX firewall_alerts_by_source/);
  expect(queryPlan(db, 'SELECT id FROM firewall_alerts WHERE profile_key = 1 AND walk = 2')).toMatch(/INDEX firewall_alerts_by_walk/);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect([rowCount(db, 'firewall_profile_keys'), rowCount(db, 'firewall_alerts'), rowCount(db, 'firewall_alert_counts')]).toEqual([0, 0, 0]);
});
