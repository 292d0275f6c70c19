import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0020-alerts-fts-after-rows.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 20 counts the alerts cached before it as indexed, and the mark comes down with the highest rows', () => {
  const db = schemaBefore(migration);
  db.exec("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a')");
  const insert = db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, signature) VALUES (1, ?, 1, 3, 'ET SCAN Nmap probe')");
  for (const id of ['alt_1', 'alt_2', 'alt_3']) insert.run(id);
  db.exec('INSERT INTO firewall_alerts_fts (rowid, signature) SELECT rowid, signature FROM firewall_alerts');
  runMigration(db, migration);
  const indexedThrough = () => db.prepare('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck().get();
  const match = () => db.prepare("SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'nmap' ORDER BY rowid").pluck().all();
  expect(indexedThrough()).toBe(3);
  db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_3'").run();
  expect([indexedThrough(), match()]).toEqual([2, [1, 2]]);
  db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
  expect([indexedThrough(), match()]).toEqual([2, [2]]);
  expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
});
