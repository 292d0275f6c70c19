// Each migration's test meets the schema just before it, with rows in it, runs that migration
// alone, and sees every row of the tables it found come through.
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { migrate, registerSqlFunctions, type Db } from '../../src-main/core/db/database.ts';
import type { Migration } from '../../src-main/core/db/migrations/migration.ts';

export interface ProfileRow {
  id: string;
  service: 'firewall' | 'gateway' | 'support';
  name: string;
}

const PROFILES_TABLE_FROM = 2;

/**
 * A database with foreign keys on at the schema before `migration`, holding `profile` once there
 * is a profiles table: the rows of every feature's table hang off a profile.
 */
export function schemaBefore(migration: Migration, profile: ProfileRow = { id: 'a', service: 'firewall', name: 'Lab' }): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  registerSqlFunctions(db);
  migrate(db, migration.version - 1);
  if (migration.version > PROFILES_TABLE_FROM) {
    db.prepare(
      "INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES (?, ?, ?, 'https://x', '{}', '{}', '{}', '{}', 'now', 'now')",
    ).run(profile.id, profile.service, profile.name);
  }
  return db;
}

/** Runs `migration` alone, and fails unless every table the schema had before keeps all its rows. */
export function runMigration(db: Db, migration: Migration): void {
  expect(db.pragma('user_version', { simple: true }), 'the schema version before the migration').toBe(migration.version - 1);
  const before = rowCounts(db);
  migrate(db, migration.version);
  expect(db.pragma('user_version', { simple: true })).toBe(migration.version);
  expect(rowCounts(db), `rows of the tables there before migration ${migration.version}`).toMatchObject(before);
}

/** Rows per ordinary table; a full-text index's own tables are left out, a migration may rebuild them. */
function rowCounts(db: Db): Record<string, number> {
  const tables = (db.pragma('table_list') as { schema: string; name: string; type: string }[])
    .filter((table) => table.schema === 'main' && table.type === 'table' && !table.name.startsWith('sqlite_'))
    .map((table) => table.name);
  return Object.fromEntries(tables.map((table) => [table, rowCount(db, table)]));
}

export const tableNames = (db: Db) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);

export const rowCount = (db: Db, from: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${from}`).get() as { n: number }).n;

export const queryPlan = (db: Db, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(' ');
