import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0007-firewall-blocklist.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 7 (firewall block list) holds entries per profile, found by address', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip) VALUES ('a', 'blk_1', '198.51.100.7')").run();
  expect(() => db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip) VALUES ('gone', 'blk_2', '198.51.100.8')").run()).toThrow(/FOREIGN KEY/);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'firewall_blocklist')).toBe(0);
});
