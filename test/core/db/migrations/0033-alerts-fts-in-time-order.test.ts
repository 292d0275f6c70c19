import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0033-alerts-fts-in-time-order.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 33 starts the alerts full-text index over, empty, with prefixes and a list of its words, for the worker to fill again; every alert is kept and searchable', () => {
  const db = schemaBefore(migration);
  db.exec("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a')");
  const insert = db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, occurred_ms, signature) VALUES (1, ?, 1, 3, ?, 'ET SCAN Nmap probe')");
  [['alt_1', 3000], ['alt_2', 2000], ['alt_3', null]].forEach(([id, ms]) => insert.run(id, ms));
  db.exec("INSERT INTO firewall_alerts_fts (rowid, signature) SELECT rowid, signature FROM firewall_alerts; UPDATE firewall_alerts_fts_progress SET indexed_through = 3");
  runMigration(db, migration);

  expect(db.prepare('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck().get()).toBe(0);
  expect(db.prepare("SELECT COUNT(*) FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'nm*'").pluck().get()).toBe(0);
  expect(db.prepare('SELECT COUNT(*) FROM firewall_alerts WHERE search_key IS NULL').pluck().get()).toBe(3);
  // The prefix entries of one to three characters: FTS5 names them in its configuration.
  expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'firewall_alerts_fts'").pluck().get()).toMatch(/prefix = '1 2 3'/);
  expect(db.prepare('SELECT COUNT(*) FROM firewall_alerts_terms').pluck().get()).toBe(0);

  // An alert the index holds leaves it under its search key; one it does not hold leaves nothing.
  db.exec("UPDATE firewall_alerts SET search_key = occurred_ms * 1048576 WHERE id = 'alt_1'");
  db.exec("INSERT INTO firewall_alerts_fts (rowid, signature) SELECT search_key, signature FROM firewall_alerts WHERE id = 'alt_1'");
  db.exec('UPDATE firewall_alerts_fts_progress SET indexed_through = 1');
  db.prepare("DELETE FROM firewall_alerts WHERE id IN ('alt_1', 'alt_3')").run();
  expect(db.prepare("SELECT COUNT(*) FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'nmap'").pluck().get()).toBe(0);
  expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
  expect(() => db.exec("UPDATE firewall_alerts SET search_key = 3000 * 1048576 WHERE id = 'alt_2'")).not.toThrow();
  expect(() => db.exec("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, search_key) VALUES (1, 'alt_4', 1, 3, 3000 * 1048576)")).toThrow(/UNIQUE/);
});
