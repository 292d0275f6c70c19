import { afterEach, describe, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, registerSqlFunctions } from '../../../src-main/core/db/database.ts';
import { LogQueryRepository } from '../../../src-main/core/firewall/logs/log-query-repository.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let db: Database.Database;
afterEach(() => db.close());

function open(): LogQueryRepository {
  db = new Database(':memory:');
  registerSqlFunctions(db);
  migrate(db);
  for (const id of ['a', 'b']) {
    insertProfileRow(db, id, 'firewall');
  }
  return new LogQueryRepository(db, 3);
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('recent log queries', () => {
  test('newest first, a repeated query moves up instead of appearing twice, only the newest few are kept, per profile', () => {
    const queries = open();
    queries.remember('a', { text: 'one' }, at(1));
    queries.remember('a', { text: 'two' }, at(2));
    queries.remember('b', { text: 'other' }, at(3));
    queries.remember('a', { text: 'one' }, at(4));
    expect(queries.recent('a')).toEqual([
      { query: { text: 'one' }, usedAt: at(4) },
      { query: { text: 'two' }, usedAt: at(2) },
    ]);
    queries.remember('a', { text: 'three' }, at(5));
    queries.remember('a', { text: 'four' }, at(6));
    expect(queries.recent('a').map((recent) => recent.query.text)).toEqual(['four', 'three', 'one']);
    expect(queries.recent('b').map((recent) => recent.query.text)).toEqual(['other']);
  });
});
