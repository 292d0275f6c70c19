// A start killed (SIGKILL, no chance to clean up) during the conversion to an encrypted file, the
// backup before the migrations, or any one of the migrations: the next start finishes the work and
// every row is there. Each migration commits alone and the conversion replaces the plain file only
// with a checked copy, so there is no moment at which a kill loses anything.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate, openDatabase } from '../../../src-main/core/db/database.ts';
import { fileKind } from '../../../src-main/core/db/database-file.ts';
import { migrations } from '../../../src-main/core/db/migrations/index.ts';
import { newDatabaseKey } from '../../../src-main/core/secrets/database-key.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

const CHILD = new URL('../../support/open-database-child.ts', import.meta.url).pathname;
const FROM = 17;
const ALERTS = 20_000;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-kill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A plain file as version FROM left it: a conversation (local only) and a cache of alerts big enough that each step takes a while. */
function plainFile(name: string): string {
  const file = path.join(dir, name, 'opsdesk.sqlite');
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, FROM);
  insertProfileRow(db, 'fw', 'firewall', 'Perimeter');
  db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'the analyst''s own', 'now', 'now')").run();
  db.prepare(
    `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, signature, message)
       SELECT 'fw', printf('alt_%08d', i), 1, 'high', 3, 1795000000000 + i * 1000, 'port_scan', 'blocked', '203.0.113.' || (i % 250), 'ET SCAN Nmap probe', 'probe ' || i FROM n`,
  ).run(ALERTS);
  db.close();
  return file;
}

/** Runs the child until it says `line`, then kills it at once; answers whether it got there before finishing. */
function killAt(file: string, key: string, line: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, file, key], { stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (!killed && said.split('\n').includes(line)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve(killed));
  });
}

const steps = [
  'conversion copying',
  'conversion encrypting',
  'conversion checking',
  // The backup runs right after the first migration is announced, before it runs.
  ...migrations.slice(FROM).map((_, index) => `migration ${index + 1}`),
];

test.each(steps)('killed at "%s", the next start recovers: encrypted, up to date, every row there', async (step) => {
  const file = plainFile(step.replace(/\W+/g, '-'));
  const key = newDatabaseKey();
  expect(await killAt(file, key, step)).toBe(true);
  // Before its conversion finished the file is still the plain one, whole.
  expect(['plain', 'encrypted']).toContain(fileKind(file));
  const db = openDatabase(file, undefined, { key, check: true });
  try {
    expect(fileKind(file)).toBe('encrypted');
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.prepare('SELECT title FROM conversations').pluck().all()).toEqual(["the analyst's own"]);
    expect(db.prepare('SELECT COUNT(*) FROM firewall_alerts').pluck().get()).toBe(ALERTS);
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
});
