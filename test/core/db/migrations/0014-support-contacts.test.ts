import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0014-support-contacts.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 14 (support contacts): one row per profile and id, no column for an unmasked phone, gone with the profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  runMigration(db, migration);
  const columns = (db.prepare('PRAGMA table_info(support_contacts)').all() as { name: string }[]).map((column) => column.name);
  expect(columns.filter((name) => /phone/.test(name))).toEqual(['phone']);
  const insert = db.prepare("INSERT INTO support_contacts (profile_id, id, status, activity_at, synced_at) VALUES ('p', ?, 'new', 'now', 'now')");
  insert.run('c1');
  expect(() => insert.run('c1')).toThrow(/UNIQUE/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'support_contacts')).toBe(0);
});
