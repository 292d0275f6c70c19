import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0019-alerts-fts-without-sizes.ts';
import { runMigration, schemaBefore, tableNames } from '../../../support/migration-scene.ts';

test("migration 19 drops the full-text index's per-row sizes: cached alerts stay searchable, and a row that leaves, by itself or with its profile, leaves the index", () => {
  const db = schemaBefore(migration);
  db.exec("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a')");
  const insert = db.prepare(
    "INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, category, src_ip, dst_ip, signature, message) VALUES (1, ?, 1, 3, 'port_scan', ?, ?, ?, ?)",
  );
  insert.run('alt_1', '203.0.113.9', '10.20.1.5', 'ET SCAN Nmap probe', 'probe seen twice');
  insert.run('alt_2', '198.51.100.7', '10.20.1.6', 'ET SCAN Nmap probe', null);
  insert.run('alt_3', null, null, null, null);
  db.exec('INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip) SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts');
  runMigration(db, migration);
  expect(tableNames(db)).not.toContain('firewall_alerts_fts_docsize');
  // The index alone, not joined with the rows: a word left behind by a row that went shows here.
  const match = (query: string) => db.prepare(`SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH '${query}' ORDER BY rowid`).pluck().all();
  expect(match('nmap')).toEqual([1, 2]);
  expect(match('"203"* AND "twice"*')).toEqual([1]);
  db.prepare("DELETE FROM firewall_alerts WHERE id IN ('alt_1', 'alt_3')").run();
  for (const word of ['nmap', 'port', '203', '10', 'twice']) expect(match(`"${word}"*`)).not.toContain(1);
  expect(match('nmap')).toEqual([2]);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  for (const word of ['nmap', 'port', '198', '10']) expect(match(`"${word}"*`)).toEqual([]);
  expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
});
