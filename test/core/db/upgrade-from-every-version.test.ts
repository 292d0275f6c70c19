// An upgrade from every schema version a release may have left: a database as each earlier set of
// migrations made it (built here from that prefix of the list: a migration that shipped is never
// edited, so this is the file that version made), encrypted, with a row in every table, opened by
// today's code. Every row comes through, compared column by column on the columns both schemas have.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate, openDatabase, registerSqlFunctions } from '../../../src-main/core/db/database.ts';
import { openConnection } from '../../../src-main/core/db/database-file.ts';
import { listBackups } from '../../../src-main/core/db/backups.ts';
import { migrations } from '../../../src-main/core/db/migrations/index.ts';
import { newDatabaseKey } from '../../../src-main/core/secrets/database-key.ts';
import { columnsOfTables, fillEveryTable, ordinaryTables, rowsOf } from '../../support/every-table.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-upgrade-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Migration 18 moved each alert's profile id into firewall_profile_keys: read back through it. */
const MOVED_PROFILE_ID = 18;
const throughProfileKeys = (version: number) => (table: string) =>
  version < MOVED_PROFILE_ID && (table === 'firewall_alerts' || table === 'firewall_alert_counts')
    ? `(SELECT t.*, k.profile_id FROM "${table}" t JOIN firewall_profile_keys k ON k.key = t.profile_key)`
    : undefined;

const earlier = migrations.slice(0, -1).map((migration) => migration.version);

test.each(earlier)('a database made by migrations 1 to %i, a row in every table, upgrades to today without losing one', (version) => {
  const file = path.join(dir, `v${version}.sqlite`);
  const key = newDatabaseKey();
  const old = openConnection(file, key);
  old.pragma('foreign_keys = ON');
  registerSqlFunctions(old);
  migrate(old, version);
  expect(fillEveryTable(old), 'tables the fixture could not fill').toEqual([]);
  const tables = ordinaryTables(old);
  const columns = columnsOfTables(old);
  const before = rowsOf(old);
  old.close();
  for (const table of tables) expect(before[table]!.length, `rows in ${table}`).toBeGreaterThan(0);

  const db = openDatabase(file, undefined, { key, check: true });
  // The copy taken before the first migration is the file as it was, and opens with the same key.
  const [backup] = listBackups(file);
  expect(backup?.version).toBe(version);
  const copy = openConnection(backup!.file, key, { readonly: true });
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(rowsOf(copy)).toEqual(before);
    const from = throughProfileKeys(version);
    const now = new Set(ordinaryTables(db));
    for (const table of tables) {
      // A table a later migration replaced under another name would be compared there (none yet).
      expect(now.has(table), `${table} is still there`).toBe(true);
      const kept = db.prepare(`SELECT * FROM ${from(table) ?? `"${table}"`} LIMIT 0`).columns().map((column) => column.name);
      const shared = columns[table]!.filter((column) => kept.includes(column));
      expect(rowsOf(db, () => shared, from)[table], `rows of ${table}`).toEqual(rowsOf(copy, () => shared)[table]);
    }
  } finally {
    copy.close();
    db.close();
  }
});
