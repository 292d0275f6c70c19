import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0016-alert-counts.ts';
import { queryPlan, rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 16 (alert counts) counts the cached alerts per severity, category and action, old rows included, in step with inserts and deletes; old rows stay searchable', () => {
  const db = schemaBefore(migration);
  const insert = db.prepare(
    "INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, category, signature) VALUES ('a', ?, 1, 'high', 3, ?, 'ET SCAN Nmap probe')",
  );
  insert.run('alt_1', 'port_scan');
  insert.run('alt_2', null);
  runMigration(db, migration);
  insert.run('alt_3', 'port_scan');
  insert.run('alt_4', null);
  const counts = () => db.prepare("SELECT category, alerts FROM firewall_alert_counts WHERE profile_id = 'a' ORDER BY category").all();
  expect(counts()).toEqual([{ category: null, alerts: 2 }, { category: 'port_scan', alerts: 2 }]);
  const match = (query: string) => rowCount(db, `firewall_alerts_fts WHERE firewall_alerts_fts MATCH '${query}'`);
  expect(match('nmap')).toBe(2);
  db.prepare("DELETE FROM firewall_alerts WHERE id IN ('alt_1', 'alt_2')").run();
  expect(counts()).toEqual([{ category: null, alerts: 1 }, { category: 'port_scan', alerts: 1 }]);
  expect(match('nmap')).toBe(0);
  expect(queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' AND walk = 2")).toMatch(/INDEX firewall_alerts_by_walk/);
  expect(queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' AND src_ip >= '10.' AND src_ip < '11' ORDER BY src_ip, occurred_ms LIMIT 10")).not.toMatch(/TEMP B-TREE/);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'firewall_alert_counts')).toBe(0);
});
