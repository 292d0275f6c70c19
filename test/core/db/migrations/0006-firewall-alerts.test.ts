import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0006-firewall-alerts.ts';
import { queryPlan, rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 6 (firewall alerts) stores an id once per profile, keeps full-text search in step, and indexes every sort', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare(
    "INSERT INTO firewall_alerts (profile_id, id, walk, severity_rank, signature, message, src_ip) VALUES ('a', ?, 1, 3, ?, 'from 203.0.113.9', '203.0.113.9')",
  );
  insert.run('alt_1', 'ET SCAN Nmap probe');
  expect(() => insert.run('alt_1', 'again')).toThrow(/UNIQUE/);
  const match = (query: string) => rowCount(db, `firewall_alerts_fts WHERE firewall_alerts_fts MATCH '${query}'`);
  expect(match('nmap')).toBe(1);
  expect(match('"203.0.113.9"')).toBe(1);
  db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
  expect(match('nmap')).toBe(0);
  const plan = queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' ORDER BY src_ip LIMIT 10");
  expect(plan).toMatch(/USING INDEX firewall_alerts_by_source/);
  expect(plan).not.toMatch(/TEMP B-TREE/);
});
