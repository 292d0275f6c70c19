// The cache table every support record with follow-ups shares (contacts, work items), on a real SQLite file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../src-main/core/db/database.ts';
import type { Db } from '../../../src-main/core/db/database.ts';
import { ContactRepository } from '../../../src-main/core/support/contacts/contact-repository.ts';
import type { WireContact } from '../../../src-main/core/support/contacts/contact-wire.ts';
import { WorkRepository } from '../../../src-main/core/support/work/work-repository.ts';
import type { WireWorkItem } from '../../../src-main/core/support/work/work-wire.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

const PROFILE = 'support-1';
const SYNCED_AT = '2026-05-01T12:00:00.000Z';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-records-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  insertProfileRow(db, PROFILE, 'support');
});

afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** What every record of these tables is sent with alike. */
const sent = { followCount: null, createdAt: '2026-04-01T00:00:00.000Z', updatedAt: '2026-04-02T00:00:00.000Z', follows: null, other: {} };

function workItem(id: string, change: Partial<WireWorkItem> = {}): WireWorkItem {
  return {
    id,
    title: `Work ${id}`,
    description: null,
    status: 'open',
    priority: 'normal',
    contactId: null,
    ticketId: null,
    assignee: null,
    ...sent,
    ...change,
  };
}

function contact(id: string, change: Partial<WireContact> = {}): WireContact {
  return {
    id,
    name: `Contact ${id}`,
    email: null,
    phone: null,
    company: null,
    status: 'new',
    tags: [],
    ...sent,
    ...change,
  };
}

const follow = { id: 'f1', kind: 'note', note: 'called back', author: 'Ana', createdAt: '2026-04-02T00:00:00.000Z' };

describe('cached support records', () => {
  test("a list answer without the detail's description and follow-ups keeps the ones the detail stored", () => {
    const work = new WorkRepository(db);
    work.store(PROFILE, [workItem('w1', { description: 'Replace the router', follows: [follow], other: { region: 'north' } })], SYNCED_AT);
    expect(work.find(PROFILE, 'w1')).toMatchObject({ followCount: 1, other: { region: 'north' } });
    work.store(PROFILE, [workItem('w1', { title: 'Router swap' })], SYNCED_AT);

    expect(work.find(PROFILE, 'w1')).toMatchObject({
      title: 'Router swap',
      description: 'Replace the router',
      follows: [follow],
      other: {},
    });
    expect(work.find(PROFILE, 'w1')).not.toHaveProperty('follow_count');
  });

  test('storing answers how many records are new or changed (activity, status or follow-up count), not the unchanged ones', () => {
    const contacts = new ContactRepository(db);
    expect(contacts.store(PROFILE, [contact('c1'), contact('c2')], SYNCED_AT)).toBe(2);
    expect(contacts.store(PROFILE, [contact('c1'), contact('c2')], SYNCED_AT)).toBe(0);
    expect(contacts.store(PROFILE, [contact('c1', { status: 'done' }), contact('c2', { followCount: 3 })], SYNCED_AT)).toBe(2);
    expect(contacts.store(PROFILE, [contact('c1', { status: 'done', updatedAt: '2026-04-03T00:00:00.000Z' })], SYNCED_AT)).toBe(1);
    expect(contacts.count(PROFILE)).toBe(2);
  });

  test('a page is newest activity first, filtered by status, exact fields and words, with its total', () => {
    const work = new WorkRepository(db);
    work.store(
      PROFILE,
      [
        workItem('w1', { updatedAt: '2026-04-01T00:00:00.000Z', assignee: 'Ana' }),
        workItem('w2', { updatedAt: '2026-04-03T00:00:00.000Z', priority: 'high', assignee: 'Ana' }),
        workItem('w3', { updatedAt: '2026-04-02T00:00:00.000Z', status: 'closed', assignee: 'Bo' }),
      ],
      SYNCED_AT,
    );
    expect(work.query(PROFILE, {}, 0, 10).rows.map((row) => row.id)).toEqual(['w2', 'w3', 'w1']);
    expect(work.query(PROFILE, { status: ['open'] }, 0, 1)).toMatchObject({ rows: [{ id: 'w2' }], total: 2 });
    expect(work.query(PROFILE, { priority: ['high'] }, 0, 10).rows.map((row) => row.id)).toEqual(['w2']);
    expect(work.query(PROFILE, { text: 'bo' }, 0, 10).rows.map((row) => row.id)).toEqual(['w3']);
    expect(work.query(PROFILE, {}, 0, 10).rows[0]).not.toHaveProperty('description');
  });

  test('a contact row says its phone is masked when it has one; its detail has its follow-ups and the fields without a place', () => {
    const contacts = new ContactRepository(db);
    contacts.store(PROFILE, [contact('c1', { phone: '138****5678', tags: ['vip'], follows: [follow], other: { source: 'web' } }), contact('c2')], SYNCED_AT);
    expect(contacts.query(PROFILE, { text: 'Contact c1' }, 0, 10).rows).toEqual([expect.objectContaining({ id: 'c1', phoneMasked: true, tags: ['vip'] })]);
    expect(contacts.find(PROFILE, 'c1')).toMatchObject({ follows: [follow], followCount: 1, other: { source: 'web' } });
    expect(contacts.find(PROFILE, 'c2')).toMatchObject({ phone: null, phoneMasked: false, follows: null });
    expect(contacts.find(PROFILE, 'nope')).toBeUndefined();
  });

  test('pruning drops records quiet since the cut-off, then the oldest beyond the cap', () => {
    const work = new WorkRepository(db);
    work.store(
      PROFILE,
      ['2026-01-01', '2026-04-01', '2026-04-02', '2026-04-03'].map((day, index) => workItem(`w${index}`, { updatedAt: `${day}T00:00:00.000Z` })),
      SYNCED_AT,
    );
    expect(work.prune(PROFILE, { kind: 'work', cutoffIso: '2026-03-01T00:00:00.000Z', maxRows: 2, limit: 1000 })).toBe(2);
    expect(work.query(PROFILE, {}, 0, 10).rows.map((row) => row.id)).toEqual(['w3', 'w2']);
  });
});
