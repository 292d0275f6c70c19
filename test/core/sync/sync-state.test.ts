// When a list last synced, as every page of a cached view says it: none before its first walk
// ends, then the moment the latest walk ended, whatever the walk under way has stored since.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SyncStateRepository } from '../../../src-main/core/sync/sync-state-repository.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-sync-state-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  insertProfileRow(db, 'fw', 'firewall');
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('when a list last synced', () => {
  it('is none until a walk ends, then the end of the latest walk, alike for every list of the profile', () => {
    const state = new SyncStateRepository(db);
    expect(state.lastSyncedAt('fw', 'alerts')).toBeNull();
    state.beginWalk('fw', 'alerts', 1, { full: true });
    const headIds = Array.from({ length: 500 }, (_, at) => `alt_${at}`);
    state.advance('fw', 'alerts', { nextPage: 2, total: 900, fetched: 500, headIds });
    expect(state.lastSyncedAt('fw', 'alerts')).toBeNull();
    state.completeWalk('fw', 'alerts', '2026-11-26T10:00:00.000Z');
    expect(state.lastSyncedAt('fw', 'alerts')).toBe('2026-11-26T10:00:00.000Z');

    state.beginWalk('fw', 'alerts', 2);
    state.advance('fw', 'alerts', { nextPage: 2, total: 900, fetched: 500, headIds: headIds.slice(1) });
    expect(state.lastSyncedAt('fw', 'alerts')).toBe('2026-11-26T10:00:00.000Z');
    state.completeWalk('fw', 'alerts', '2026-11-26T10:05:00.000Z');
    expect(state.lastSyncedAt('fw', 'alerts')).toBe('2026-11-26T10:05:00.000Z');
    expect(state.lastSyncedAt('fw', 'alerts')).toBe(state.get('fw', 'alerts').lastSyncedAt);
    expect(state.lastSyncedAt('fw', 'blocklist')).toBeNull();
  });
});
