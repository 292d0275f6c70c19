import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { migrate, openDatabase } from '../../../src-main/core/db/database.ts';
import { migrations } from '../../../src-main/core/db/migrations.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const tables = (db: Database.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const queryPlan = (db: Database.Database, sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(' ');
const versionOf = (name: string) => migrations.findIndex((migration) => migration.name === name) + 1;

interface ProfileRow {
  id: string;
  service: 'firewall' | 'gateway' | 'support';
  name: string;
}

const deskProfile: ProfileRow = { id: 'p', service: 'support', name: 'Desk' };

/**
 * A database with foreign keys on, migrated to `before`, holding one profile, then migrated to
 * `after`: so each migration meets rows written under the schema before it.
 */
function withProfile(before: number, after: number, profile: ProfileRow = { id: 'a', service: 'firewall', name: 'Lab' }): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, before);
  db.prepare(
    "INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES (?, ?, ?, 'https://x', '{}', '{}', '{}', '{}', 'now', 'now')",
  ).run(profile.id, profile.service, profile.name);
  migrate(db, after);
  return db;
}

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

  test('migration 1 (settings) creates the settings table from an empty file', () => {
    const db = new Database(':memory:');
    migrate(db, 1);
    expect(tables(db)).toContain('settings');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
  });

  test('migration 2 (profiles) adds profiles with no column for a key, one name per service', () => {
    const db = new Database(':memory:');
    migrate(db, 1);
    migrate(db, 2);
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

  test('migration 3 (connection health) keeps when a profile was last reached, and forgets it with the profile', () => {
    const db = withProfile(2, 3);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    const insert = db.prepare('INSERT INTO connection_health (profile_id, last_reached_at) VALUES (?, ?)');
    insert.run('a', '2026-01-01T00:00:00.000Z');
    expect(() => insert.run('gone', '2026-01-01T00:00:00.000Z')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'connection_health')).toBe(0);
  });

  test('migration 4 (firewall log queries) keeps each query once per profile, and forgets them with the profile', () => {
    const db = withProfile(3, 4);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const insert = db.prepare('INSERT INTO firewall_log_queries (profile_id, query, used_at) VALUES (?, ?, ?)');
    insert.run('a', '{"text":"x"}', '2026-01-01T00:00:00.000Z');
    expect(() => insert.run('a', '{"text":"x"}', '2026-01-02T00:00:00.000Z')).toThrow(/UNIQUE/);
    expect(() => insert.run('gone', '{}', '2026-01-01T00:00:00.000Z')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'firewall_log_queries')).toBe(0);
  });

  test('migration 5 (sync state) keeps one walk position per profile and resource, gone with the profile', () => {
    const db = withProfile(3, 5);
    const insert = db.prepare("INSERT INTO sync_state (profile_id, resource, walk, next_page) VALUES ('a', ?, 2, 7)");
    insert.run('alerts');
    insert.run('blocklist');
    expect(() => insert.run('alerts')).toThrow(/UNIQUE|PRIMARY/);
    expect(db.prepare("SELECT settled_walk, head_ids FROM sync_state WHERE resource = 'alerts'").get()).toEqual({ settled_walk: 0, head_ids: '[]' });
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'sync_state')).toBe(0);
  });

  test('migration 6 (firewall alerts) stores an id once per profile, keeps full-text search in step, and indexes every sort', () => {
    const db = withProfile(3, 6);
    const insert = db.prepare(
      "INSERT INTO firewall_alerts (profile_id, id, walk, severity_rank, signature, message, src_ip) VALUES ('a', ?, 1, 3, ?, 'from 203.0.113.9', '203.0.113.9')",
    );
    insert.run('alt_1', 'ET SCAN Nmap probe');
    expect(() => insert.run('alt_1', 'again')).toThrow(/UNIQUE/);
    const match = (query: string) => count(db, `firewall_alerts_fts WHERE firewall_alerts_fts MATCH '${query}'`);
    expect(match('nmap')).toBe(1);
    expect(match('"203.0.113.9"')).toBe(1);
    db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
    expect(match('nmap')).toBe(0);
    const plan = queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' ORDER BY src_ip LIMIT 10");
    expect(plan).toMatch(/USING INDEX firewall_alerts_by_source/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  test('migration 7 (firewall block list) holds entries per profile, found by address', () => {
    const db = withProfile(3, 7);
    db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip) VALUES ('a', 'blk_1', '198.51.100.7')").run();
    expect(() => db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip) VALUES ('gone', 'blk_2', '198.51.100.8')").run()).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'firewall_blocklist')).toBe(0);
  });

  test('migration 8 (notifications) records entries, unread by default, with or without a profile', () => {
    const db = withProfile(3, 8);
    const insert = db.prepare("INSERT INTO notifications (id, kind, title, body, created_at, profile_id) VALUES (?, 'alerts', 't', 'b', 'now', ?)");
    insert.run('n1', 'a');
    insert.run('n2', null);
    expect(db.prepare("SELECT read, count FROM notifications WHERE id = 'n1'").get()).toEqual({ read: 0, count: 1 });
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'notifications')).toBe(1);
  });

  test('migration 9 (webhook events) remembers an event id once per profile', () => {
    const db = withProfile(3, 9);
    const insert = db.prepare("INSERT INTO webhook_events (profile_id, event_id, received_at) VALUES ('a', ?, 'now')");
    insert.run('evt_1');
    expect(() => insert.run('evt_1')).toThrow(/UNIQUE|PRIMARY/);
  });

  test('migration 10 (conversations) keeps conversations past their profile and their messages in order, gone with the conversation', () => {
    const db = withProfile(9, 10, { id: 'p', service: 'gateway', name: 'Lab' });
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES ('c', 'p', 'Hello', 'now', 'now')").run();
    const message = db.prepare("INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES (?, 'c', ?, ?, 'text', 'now')");
    message.run('m1', 0, 'user');
    expect(() => message.run('m2', 0, 'assistant')).toThrow(/UNIQUE/);
    expect(() => message.run('m3', 1, 'system')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE conversations SET endpoint = 'other' WHERE id = 'c'").run()).toThrow(/CHECK/);
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare("SELECT profile_id, endpoint, stream FROM conversations WHERE id = 'c'").get()).toEqual({ profile_id: null, endpoint: 'chat', stream: 1 });
    db.prepare("DELETE FROM conversations WHERE id = 'c'").run();
    expect(count(db, 'chat_messages')).toBe(0);
  });

  test('migration 11 (gateway call log) keeps calls of a profile, newest first by index, and forgets them with the profile', () => {
    const db = withProfile(10, 11, { id: 'p', service: 'gateway', name: 'Lab' });
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    const insert = db.prepare("INSERT INTO gateway_calls (profile_id, at, endpoint, outcome, latency_ms) VALUES (?, 'now', '/models', 'ok', 5)");
    insert.run('p');
    expect(() => insert.run('gone')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(count(db, 'gateway_calls')).toBe(0);
  });

  test('the outbox migration keeps one row per write with a unique Idempotency-Key, known states only, gone with its profile', () => {
    const version = versionOf('outbox');
    const db = withProfile(version - 1, version, deskProfile);
    expect(db.pragma('user_version', { simple: true })).toBe(version);
    const insert = db.prepare(
      "INSERT INTO outbox_writes (id, profile_id, service, object_key, action, request, idempotency_key, state, created_at, updated_at) VALUES (?, ?, 'support', 'ticket:new', '{}', '{}', ?, ?, 'now', 'now')",
    );
    insert.run('w1', 'p', 'key-1', 'queued');
    expect(() => insert.run('w2', 'p', 'key-1', 'queued')).toThrow(/UNIQUE/);
    expect(() => insert.run('w3', 'p', 'key-3', 'lost')).toThrow(/CHECK/);
    expect(() => insert.run('w4', 'gone', 'key-4', 'queued')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(count(db, 'outbox_writes')).toBe(0);
  });

  describe('the support cache migrations', () => {
    const withDesk = (name: string) => withProfile(versionOf(name), versionOf(name), deskProfile);

    test('support tickets: one row per profile and id, any status word, filtered by status through its index, gone with the profile', () => {
      const db = withDesk('support tickets');
      const insert = db.prepare("INSERT INTO support_tickets (profile_id, id, status, activity_at, synced_at) VALUES (?, ?, ?, 'now', 'now')");
      insert.run('p', 't1', 'queued');
      insert.run('p', 't2', 'escalated-by-vendor');
      expect(() => insert.run('p', 't1', 'closed')).toThrow(/UNIQUE/);
      expect(() => insert.run('gone', 't3', 'queued')).toThrow(/FOREIGN KEY/);
      expect(queryPlan(db, "SELECT id FROM support_tickets WHERE profile_id = 'p' AND status IN ('queued') ORDER BY activity_at DESC, id DESC LIMIT 10")).toMatch(/support_tickets_by_status/);
      db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
      expect(count(db, 'support_tickets')).toBe(0);
    });

    test('support contacts: one row per profile and id, no column for an unmasked phone, gone with the profile', () => {
      const db = withDesk('support contacts');
      const columns = (db.prepare('PRAGMA table_info(support_contacts)').all() as { name: string }[]).map((column) => column.name);
      expect(columns.filter((name) => /phone/.test(name))).toEqual(['phone']);
      const insert = db.prepare("INSERT INTO support_contacts (profile_id, id, status, activity_at, synced_at) VALUES ('p', ?, 'new', 'now', 'now')");
      insert.run('c1');
      expect(() => insert.run('c1')).toThrow(/UNIQUE/);
      db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
      expect(count(db, 'support_contacts')).toBe(0);
    });

    test('support work items: one row per profile and id, filtered by status through its index, gone with the profile', () => {
      const db = withDesk('support work items');
      const insert = db.prepare("INSERT INTO support_work_items (profile_id, id, status, activity_at, synced_at) VALUES ('p', ?, 'open', 'now', 'now')");
      insert.run('w1');
      expect(() => insert.run('w1')).toThrow(/UNIQUE/);
      expect(queryPlan(db, "SELECT id FROM support_work_items WHERE profile_id = 'p' AND status IN ('open') ORDER BY activity_at DESC, id DESC LIMIT 10")).toMatch(/support_work_items_by_status/);
      db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
      expect(count(db, 'support_work_items')).toBe(0);
    });
  });

  test('migration 16 (alert counts) counts the cached alerts per severity, category and action, old rows included, in step with inserts and deletes; old rows stay searchable', () => {
    const db = withProfile(3, 15);
    const insert = db.prepare(
      "INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, category, signature) VALUES ('a', ?, 1, 'high', 3, ?, 'ET SCAN Nmap probe')",
    );
    insert.run('alt_1', 'port_scan');
    insert.run('alt_2', null);
    migrate(db, 16);
    expect(db.pragma('user_version', { simple: true })).toBe(16);
    insert.run('alt_3', 'port_scan');
    insert.run('alt_4', null);
    const counts = () => db.prepare("SELECT category, alerts FROM firewall_alert_counts WHERE profile_id = 'a' ORDER BY category").all();
    expect(counts()).toEqual([{ category: null, alerts: 2 }, { category: 'port_scan', alerts: 2 }]);
    const match = (query: string) => count(db, `firewall_alerts_fts WHERE firewall_alerts_fts MATCH '${query}'`);
    expect(match('nmap')).toBe(2);
    db.prepare("DELETE FROM firewall_alerts WHERE id IN ('alt_1', 'alt_2')").run();
    expect(counts()).toEqual([{ category: null, alerts: 1 }, { category: 'port_scan', alerts: 1 }]);
    expect(match('nmap')).toBe(0);
    expect(queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' AND walk = 2")).toMatch(/INDEX firewall_alerts_by_walk/);
    expect(queryPlan(db, "SELECT id FROM firewall_alerts WHERE profile_id = 'a' AND src_ip >= '10.' AND src_ip < '11' ORDER BY src_ip, occurred_ms LIMIT 10")).not.toMatch(/TEMP B-TREE/);
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect(count(db, 'firewall_alert_counts')).toBe(0);
  });

  test('migration 17 (full re-walks) keeps whether a walk goes through the whole window and when one last did', () => {
    const db = withProfile(3, 16);
    db.prepare("INSERT INTO sync_state (profile_id, resource, walk, next_page) VALUES ('a', 'alerts', 2, 7)").run();
    migrate(db, 17);
    expect(db.prepare("SELECT walk_full, last_full_walk_at FROM sync_state WHERE resource = 'alerts'").get()).toEqual({ walk_full: 0, last_full_walk_at: null });
  });

  test('migration 18 keys cached alerts and their counts by a number per profile: rows, full-text words and counts carry over, and leave with the profile', () => {
    const db = withProfile(3, 17);
    const insert = db.prepare(
      "INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, category, action, src_ip, signature, message) VALUES ('a', ?, 1, 'high', 3, 'port_scan', 'blocked', ?, 'ET SCAN Nmap probe', 'probe')",
    );
    insert.run('alt_1', '203.0.113.9');
    insert.run('alt_2', '198.51.100.7');
    db.exec('INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip) SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts');
    migrate(db, 18);
    expect(db.pragma('user_version', { simple: true })).toBe(18);
    expect(db.prepare('SELECT key, profile_id FROM firewall_profile_keys').all()).toEqual([{ key: 1, profile_id: 'a' }]);
    expect(db.prepare('SELECT profile_key, id, src_ip FROM firewall_alerts ORDER BY id').all()).toEqual([
      { profile_key: 1, id: 'alt_1', src_ip: '203.0.113.9' },
      { profile_key: 1, id: 'alt_2', src_ip: '198.51.100.7' },
    ]);
    const match = (query: string) => db.prepare(`SELECT a.id FROM firewall_alerts_fts f JOIN firewall_alerts a ON a.rowid = f.rowid WHERE firewall_alerts_fts MATCH '${query}' ORDER BY a.id`).pluck().all();
    expect(match('nmap')).toEqual(['alt_1', 'alt_2']);
    const counts = () => db.prepare('SELECT profile_key, severity, category, action, alerts FROM firewall_alert_counts').all();
    expect(counts()).toEqual([{ profile_key: 1, severity: 'high', category: 'port_scan', action: 'blocked', alerts: 2 }]);
    expect(() => db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank) VALUES (1, 'alt_1', 2, 3)").run()).toThrow(/UNIQUE/);
    db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
    expect(counts()).toEqual([{ profile_key: 1, severity: 'high', category: 'port_scan', action: 'blocked', alerts: 1 }]);
    expect(match('nmap')).toEqual(['alt_2']);
    expect(queryPlan(db, 'SELECT id FROM firewall_alerts WHERE profile_key = 1 ORDER BY src_ip, occurred_ms LIMIT 10')).toMatch(/INDEX firewall_alerts_by_source/);
    expect(queryPlan(db, 'SELECT id FROM firewall_alerts WHERE profile_key = 1 AND walk = 2')).toMatch(/INDEX firewall_alerts_by_walk/);
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
    expect([count(db, 'firewall_profile_keys'), count(db, 'firewall_alerts'), count(db, 'firewall_alert_counts')]).toEqual([0, 0, 0]);
  });

  test('migration 19 drops the full-text index\'s per-row sizes: cached alerts stay searchable, and a row that leaves, by itself or with its profile, leaves the index', () => {
    const db = withProfile(3, 18);
    db.exec("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a')");
    const insert = db.prepare(
      "INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, category, src_ip, dst_ip, signature, message) VALUES (1, ?, 1, 3, 'port_scan', ?, ?, ?, ?)",
    );
    insert.run('alt_1', '203.0.113.9', '10.20.1.5', 'ET SCAN Nmap probe', 'probe seen twice');
    insert.run('alt_2', '198.51.100.7', '10.20.1.6', 'ET SCAN Nmap probe', null);
    insert.run('alt_3', null, null, null, null);
    db.exec('INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip) SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts');
    migrate(db, 19);
    expect(tables(db)).not.toContain('firewall_alerts_fts_docsize');
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

  test('migration 20 counts the alerts cached before it as indexed, and the mark comes down with the highest rows', () => {
    const db = withProfile(3, 19);
    db.exec("INSERT INTO firewall_profile_keys (profile_id) VALUES ('a')");
    const insert = db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, signature) VALUES (1, ?, 1, 3, 'ET SCAN Nmap probe')");
    for (const id of ['alt_1', 'alt_2', 'alt_3']) insert.run(id);
    db.exec('INSERT INTO firewall_alerts_fts (rowid, signature) SELECT rowid, signature FROM firewall_alerts');
    migrate(db, 20);
    const indexedThrough = () => db.prepare('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck().get();
    const match = () => db.prepare("SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'nmap' ORDER BY rowid").pluck().all();
    expect(indexedThrough()).toBe(3);
    db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_3'").run();
    expect([indexedThrough(), match()]).toEqual([2, [1, 2]]);
    db.prepare("DELETE FROM firewall_alerts WHERE id = 'alt_1'").run();
    expect([indexedThrough(), match()]).toEqual([2, [2]]);
    expect(() => db.exec("INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rank) VALUES ('integrity-check', 0)")).not.toThrow();
  });
});
