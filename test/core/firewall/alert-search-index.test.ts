// A sync stores alerts first and takes their words into the full-text index after: a search finds
// every stored alert all along, and the index ends exact whatever pruning did meanwhile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { AlertRepository } from '../../../src-main/core/firewall/alerts/alert-repository.ts';
import { packAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let dir: string;
let db: Db;
let alerts: AlertRepository;
const newestFirst = { field: 'occurredAt', direction: 'desc' } as const;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-search-index-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  insertProfileRow(db, 'fw', 'firewall');
  alerts = new AlertRepository(db);
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Alerts `from`..`to`, each with its number in the signature; a lower number is an older alert. */
function store(from: number, to: number, word: string): void {
  const batch = [];
  for (let n = from; n <= to; n++) {
    batch.push(packAlert({
      id: `alt_${n}`, severity: 'high', occurredMs: 1_700_000_000_000 + n * 1000, category: 'port_scan', action: 'blocked', srcIp: `203.0.113.${n % 250}`,
      srcPort: 1000, dstIp: '10.20.1.5', dstPort: 443, protocol: 'tcp', signature: `ET ${word} number${n}`, message: null, deviceId: null, other: null,
    }));
  }
  alerts.store('fw', batch.reverse(), 1);
}

const found = (text: string) => alerts.query('fw', { text }, newestFirst, 0, 1000).rows.map((row) => row.id).sort();
/** What the full-text index alone answers, not the rows it has not taken in yet. */
const indexed = (word: string) =>
  db.prepare(`SELECT a.id FROM firewall_alerts_fts f JOIN firewall_alerts a ON a.search_key = f.rowid WHERE firewall_alerts_fts MATCH ? ORDER BY a.id`).pluck().all(`"${word}"*`);
const indexAll = () => {
  while (alerts.indexText(7)) continue;
};
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `alt_${from + i}`).sort();

describe('the alerts full-text index, filled after the rows', () => {
  it('finds stored alerts before the index has them, and the same ones after', () => {
    store(1, 20, 'nmap');
    expect(indexed('nmap')).toEqual([]);
    expect(found('nmap')).toEqual(ids(1, 20));
    expect(found('NMAP number1')).toEqual(['alt_1', ...ids(10, 19)].sort());
    expect(alerts.count('fw')).toBe(20);
    expect(alerts.countMatching('fw', { text: 'nmap' })).toBe(20);

    indexAll();
    expect(indexed('nmap')).toEqual(ids(1, 20));
    expect(found('nmap')).toEqual(ids(1, 20));
    expect(alerts.indexText(7)).toBe(false);
  });

  it('stays exact when pruning takes the highest rowids and new alerts take them again', () => {
    // A backfill stores newest first, so the oldest alerts hold the highest rowids, and retention
    // removes them first: the rowids they free go to the next alerts stored.
    store(1, 30, 'nmap');
    indexAll();
    expect(alerts.prune('fw', 1_700_000_000_000 + 11 * 1000, 1_000_000)).toBe(10);
    expect(found('nmap')).toEqual(ids(11, 30));
    expect(indexed('nmap')).toEqual(ids(11, 30));

    store(31, 40, 'beacon');
    expect(found('beacon')).toEqual(ids(31, 40));
    expect(indexed('beacon')).toEqual([]);
    // Alerts removed before the index had them leave nothing behind in it.
    store(1, 5, 'login');
    expect(alerts.prune('fw', 1_700_000_000_000 + 6 * 1000, 1_000_000)).toBe(5);
    expect(found('login')).toEqual([]);
    indexAll();
    expect(found('beacon')).toEqual(ids(31, 40));
    expect(found('login')).toEqual([]);
    expect(found('nmap')).toEqual(ids(11, 30));
    expect(indexed('number')).toEqual(alerts.query('fw', {}, newestFirst, 0, 1000).rows.map((row) => row.id).sort());
    expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
  });

  it('leaves the index exact when a profile and its alerts go, indexed or not', () => {
    insertProfileRow(db, 'other', 'firewall');
    alerts.store('other', [packAlert({
      id: 'alt_x', severity: 'low', occurredMs: 1, category: null, action: null, srcIp: null, srcPort: null, dstIp: null, dstPort: null,
      protocol: null, signature: 'ET nmap elsewhere', message: null, deviceId: null, other: null,
    })], 1);
    store(1, 10, 'nmap');
    alerts.indexText(5);
    db.prepare("DELETE FROM profiles WHERE id = 'fw'").run();
    indexAll();
    expect(indexed('nmap')).toEqual(['alt_x']);
    expect(alerts.query('other', { text: 'nmap' }, newestFirst, 0, 10).rows.map((row) => row.id)).toEqual(['alt_x']);
    expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
  });
});
