import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0002-profiles.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 2 (profiles) adds profiles with no column for a key, one name per service; settings stay', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO settings (key, value) VALUES ('language', '\"zh-CN\"')").run();
  runMigration(db, migration);
  expect(db.prepare("SELECT value FROM settings WHERE key = 'language'").pluck().get()).toBe('"zh-CN"');
  const columns = (db.prepare('PRAGMA table_info(profiles)').all() as { name: string }[]).map((column) => column.name);
  expect(columns).toContain('key_hint');
  expect(columns.filter((name) => /key$|secret|token/.test(name))).toEqual([]);
  const insert = db.prepare(
    "INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES (?, ?, 'Lab', 'https://x', '{}', '{}', '{}', '{}', 'now', 'now')",
  );
  insert.run('a', 'firewall');
  expect(() => insert.run('b', 'firewall')).toThrow(/UNIQUE/);
  expect(() => insert.run('c', 'mail')).toThrow(/CHECK/);
});
