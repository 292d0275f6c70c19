import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { migrate, openDatabase } from '../../../src-main/core/db/database.ts';
import { migrations } from '../../../src-main/core/db/migrations/index.ts';
import { inSequence, type Migration } from '../../../src-main/core/db/migrations/migration.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('database', () => {
  test('a new file is created in WAL mode at the latest schema version and reopens unchanged', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-db-'));
    const file = path.join(dir, 'opsdesk.sqlite');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('page_size', { simple: true })).toBe(16384);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    new SettingsTable(db).write('greeting', { text: 'hello' });
    db.close();
    const reopened = openDatabase(file);
    expect(new SettingsTable(reopened).read('greeting')).toEqual({ text: 'hello' });
    reopened.close();
  });

  test('a file made with smaller pages keeps them: a page size applies only to an empty file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-db-'));
    const file = path.join(dir, 'opsdesk.sqlite');
    const old = new Database(file);
    migrate(old, 3);
    old.close();
    const db = openDatabase(file);
    expect(db.pragma('page_size', { simple: true })).toBe(4096);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.close();
  });
});

describe('the migrations', () => {
  const source = new URL('../../../src-main/core/db/migrations/', import.meta.url);
  const tests = new URL('./migrations/', import.meta.url);
  const numbered = (folder: URL, suffix: string) =>
    readdirSync(folder)
      .filter((name) => /^\d{4}-.*$/.test(name) && name.endsWith(suffix))
      .sort();

  test('each file is the migration its name numbers, listed in that place, and has a test of its own beside the others', async () => {
    const files = numbered(source, '.ts');
    expect(files.map((name) => Number(name.slice(0, 4)))).toEqual(migrations.map((migration) => migration.version));
    for (const name of files) {
      const { migration } = (await import(new URL(name, source).href)) as { migration: Migration };
      expect(migrations[Number(name.slice(0, 4)) - 1], name).toBe(migration);
    }
    expect(numbered(tests, '.test.ts')).toEqual(files.map((name) => name.replace(/\.ts$/, '.test.ts')));
  });

  test('a list with a gap or out of order is refused, naming the migration out of place', () => {
    const numbers = (...versions: number[]) => versions.map((version) => ({ version, name: `step ${version}`, sql: '' }));
    expect(inSequence(numbers(1, 2, 3))).toHaveLength(3);
    expect(() => inSequence(numbers(1, 3))).toThrow(/migration 3 \(step 3\) is listed at position 2/);
    expect(() => inSequence(numbers(2, 1))).toThrow(/migration 2 \(step 2\) is listed at position 1/);
    expect(() => inSequence(numbers(1, 1))).toThrow(/migration 1 \(step 1\) is listed at position 2/);
  });
});
