// The alerts' text search answers from the full-text index in the view's time order and stops at
// the page: it must find exactly what the words find in the rows themselves, in the view's order,
// whatever part of the cache the index holds yet, for anything the analyst types.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertFilter, AlertRow, AlertSort } from '../../../src-shared/contract/firewall.ts';
import { migrate, registerSqlFunctions, type Db } from '../../../src-main/core/db/database.ts';
import { AlertRepository } from '../../../src-main/core/firewall/alerts/alert-repository.ts';
import { packAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let dir: string;
let db: Db;
let alerts: AlertRepository;
/** Every statement the connection ran, its values written in. */
let statements: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-text-search-'));
  statements = [];
  db = new Database(path.join(dir, 'opsdesk.sqlite'), { verbose: (sql) => statements.push(String(sql)) });
  db.pragma('foreign_keys = ON');
  registerSqlFunctions(db);
  migrate(db);
  insertProfileRow(db, 'fw', 'firewall');
  insertProfileRow(db, 'other', 'firewall');
  alerts = new AlertRepository(db);
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const START_MS = 1_790_000_000_000;
const WORDS = ['beacon', 'login', 'probe', 'beachhead', 'logout'];

/**
 * Alerts `from`..`to` of a profile, stored newest first as a backfill stores them: three to a
 * second (ties the view breaks by the order stored), every 47th without a time, a rare word in
 * every 97th.
 */
function store(profileId: string, from: number, to: number): void {
  const batch = [];
  for (let n = to; n >= from; n--) {
    batch.push(packAlert({
      id: `${profileId}_${n}`, severity: ['low', 'medium', 'high', 'critical'][n % 4]!, occurredMs: n % 47 === 0 ? null : START_MS + Math.floor(n / 3) * 1000,
      category: n % 2 === 0 ? 'port_scan' : 'web_attack', action: 'blocked', srcIp: `203.0.${n % 7}.${n % 250}`, srcPort: 1000 + n, dstIp: `10.20.${n % 3}.5`,
      dstPort: 443, protocol: 'tcp', signature: `ET ${WORDS[n % WORDS.length]} rule${n % 10}${n % 97 === 0 ? ' zeppelin' : ''}`,
      message: `Hit number ${n} on port ${n % 5 === 0 ? 22 : 443}`, deviceId: null, other: null,
    }));
  }
  alerts.store(profileId, batch, 1);
}

const indexAll = () => {
  while (alerts.indexText(53)) continue;
};

/** The words of a text as the index makes them (the rows' texts are ASCII: no folding beyond case). */
const wordsOf = (text: string | null) => (text ?? '').toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);

/** The oracle: the view's rows without the search (`all`: read once), in its order, kept when every typed word begins a word of the row. */
function expected(profileId: string, text: string, filter: AlertFilter, sort: AlertSort, all = alerts.query(profileId, filter, sort, 0, 100_000).rows): AlertRow[] {
  const typed = text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return all.filter((row) => {
    const words = [row.signature, row.message, row.category, row.srcIp, row.dstIp].flatMap(wordsOf);
    return typed.every((word) => words.some((each) => each.startsWith(word)));
  });
}

const newestFirst: AlertSort = { field: 'occurredAt', direction: 'desc' };
const oldestFirst: AlertSort = { field: 'occurredAt', direction: 'asc' };
const bySeverity: AlertSort = { field: 'severity', direction: 'desc' };
const searches = ['beacon', 'bea', 'b', 'BEACH', 'login rule3', 'zeppelin', 'zep 22', '203.0.4', 'absent'];
const pages = [[0, 50], [130, 37]] as const;

/** Every search, sort and page over both profiles, against the oracle. */
function expectSearchesExact(label: string): void {
  for (const profileId of ['fw', 'other']) {
    for (const sort of [newestFirst, oldestFirst, bySeverity]) {
      for (const filter of [{}, { severity: ['high'] }] as AlertFilter[]) {
        const unsearched = alerts.query(profileId, filter, sort, 0, 100_000).rows;
        for (const text of searches) {
          const all = expected(profileId, text, filter, sort, unsearched);
          for (const [offset, limit] of pages) {
            const answer = alerts.query(profileId, { ...filter, text }, sort, offset, limit);
            const where = `${label}: ${profileId} "${text}" ${sort.field} ${sort.direction} ${JSON.stringify(filter)} at ${offset}`;
            expect(answer.rows.map((row) => row.id), where).toEqual(all.slice(offset, offset + limit).map((row) => row.id));
            // Among rows not yet indexed a search counts only a little past the page, and says so.
            if (answer.totalAtLeast) {
              expect(answer.total, where).toBeGreaterThanOrEqual(Math.min(all.length, offset + limit + 100));
              expect(answer.total, where).toBeLessThanOrEqual(all.length);
            } else {
              expect(answer.total, where).toBe(all.length);
            }
          }
        }
      }
    }
  }
}

describe('the alerts text search', () => {
  it('finds what the words find in the rows, in the view\'s order, indexed, not yet indexed, and partly', () => {
    store('fw', 1, 150);
    store('other', 1, 120);
    store('fw', 151, 400);
    expectSearchesExact('nothing indexed');

    alerts.indexText(200);
    expectSearchesExact('the first 200 stored indexed');

    indexAll();
    // Newer alerts after the index caught up (a sync), and older ones (a backfill going on).
    store('fw', 401, 520);
    store('other', 121, 200);
    expectSearchesExact('the newest not yet indexed');
    indexAll();
    expectSearchesExact('all indexed again');
    expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
  });

  it('stays exact when pruning takes indexed alerts and new ones take their places in the same seconds', () => {
    store('fw', 1, 300);
    indexAll();
    expect(alerts.prune('fw', START_MS + 40 * 1000, 1_000_000)).toBeGreaterThan(0);
    store('fw', 1, 60);
    expectSearchesExact('pruned and stored again, not yet indexed');
    indexAll();
    expectSearchesExact('pruned and stored again, indexed');
  });

  it('never fails on what the analyst types, and finds the words in it', () => {
    store('fw', 1, 200);
    alerts.indexText(120);
    const hostile = ['"', '""', '*', 'beacon*', '"beacon', 'NEAR(', 'NEAR(beacon login)', 'beacon AND', 'OR', 'NOT login', '-probe', '^rule1', 'signature:beacon',
      '(', ')', "'", '\\', '{signature}: x', 'beacon + login', 'a"b', '%', '_', 'rule1 %_', '🔥', '中文', '\u0000', ' ', 'x'.repeat(2000)];
    for (const text of hostile) {
      for (const sort of [newestFirst, bySeverity]) {
        const answer = alerts.query('fw', { text }, sort, 0, 500);
        expect(answer.rows.map((row) => row.id), text).toEqual(expected('fw', text, {}, sort).map((row) => row.id));
      }
    }
    expect(alerts.query('fw', { text: '(beacon"*' }, newestFirst, 0, 500).rows.length).toBeGreaterThan(0);
    expect(alerts.countMatching('fw', { text: '"beacon' })).toBe(expected('fw', 'beacon', {}, newestFirst).length);
  });

  it('stops counting a little past the page for a common word, and counts a rare one exactly', () => {
    store('fw', 1, 6000);
    alerts.indexText(6000);
    const common = alerts.query('fw', { text: 'rule' }, newestFirst, 0, 100);
    expect(common.totalAtLeast).toBe(true);
    expect(common.total).toBeGreaterThanOrEqual(1100);
    expect(common.total).toBeLessThan(6000);
    const further = alerts.query('fw', { text: 'rule' }, newestFirst, 2000, 100);
    expect(further.total).toBeGreaterThan(common.total);
    expect(further.rows.map((row) => row.id)).toEqual(expected('fw', 'rule', {}, newestFirst).slice(2000, 2100).map((row) => row.id));
    const rare = alerts.query('fw', { text: 'zeppelin' }, newestFirst, 0, 100);
    expect({ total: rare.total, atLeast: rare.totalAtLeast ?? false }).toEqual({ total: Math.floor(6000 / 97), atLeast: false });
    // The whole count is still there for whoever needs it (the CSV export's progress).
    expect(alerts.countMatching('fw', { text: 'rule' })).toBe(6000);
  });

  it('reads a word\'s newest matches straight off the index, in its order, without sorting the matches', () => {
    store('fw', 1, 3000);
    alerts.indexText(3000);
    statements = [];
    alerts.query('fw', { text: 'beac' }, newestFirst, 0, 100);
    const search = statements.find((sql) => sql.includes('MATCH'));
    // A prefix longer than the index keeps asks for the index's words that begin so, by name.
    expect(search).toContain(`'("beachhead" OR "beacon")'`);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${search!}`).all() as { detail: string }[]).map((row) => row.detail);
    expect(plan[0]).toMatch(/SCAN f VIRTUAL TABLE/);
    expect(plan.join(' | ')).toMatch(/SEARCH a USING INDEX firewall_alerts_by_search_key/);
    expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
  });
});
