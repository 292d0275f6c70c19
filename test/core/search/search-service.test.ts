import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { SearchAnswer, SearchKind } from '../../../src-shared/contract/search.ts';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { systemClock } from '../../../src-main/core/lifecycle/clock.ts';
import { ContactRepository } from '../../../src-main/core/support/contacts/contact-repository.ts';
import { readContact } from '../../../src-main/core/support/contacts/contact-wire.ts';
import { TicketRepository } from '../../../src-main/core/support/tickets/ticket-repository.ts';
import { readTicket } from '../../../src-main/core/support/tickets/ticket-wire.ts';
import { WorkRepository } from '../../../src-main/core/support/work/work-repository.ts';
import { readWorkItem } from '../../../src-main/core/support/work/work-wire.ts';
import { ActivityRepository } from '../../../src-main/core/activity/activity-repository.ts';
import { SearchRepository } from '../../../src-main/core/search/search-repository.ts';
import { SearchService } from '../../../src-main/core/search/search-service.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';
import { fillAlertCache } from '../../support/alert-cache-fill.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

const HOSTILE = '<img src=x onerror=alert(1)> "; DROP TABLE support_tickets; -- \u202E';
const PHONE = '+1 555 867 5309';

let dir: string;
let db: Db;
let search: SearchService;
let repository: SearchRepository;
let activity: ActivityRepository;

const wire = <T>(read: (fields: NonNullable<ReturnType<typeof fieldsOf>>) => T | undefined, value: object): T => read(fieldsOf(value)!)!;
const group = (answer: SearchAnswer, kind: SearchKind) => answer.groups.find((candidate) => candidate.kind === kind);
const kinds = (answer: SearchAnswer) => answer.groups.map((candidate) => candidate.kind);
const titles = (answer: SearchAnswer, kind: SearchKind) => group(answer, kind)?.hits.map((hit) => hit.title) ?? [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-search-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  fillAlertCache(db, 'fw', 2000, Date.parse('2026-11-01T00:00:00Z'));
  insertProfileRow(db, 'desk', 'support', 'Main desk');
  const syncedAt = '2026-11-02T00:00:00.000Z';
  new TicketRepository(db).store('desk', [
    wire(readTicket, { id: 'T-1001', status: 'open', subject: 'Our office is blocked', visitor: { name: 'Ada Lovelace', email: 'ada@example.com' },
      messages: [{ id: 'm1', text: 'our office IP 203.0.113.220 is blocked since Monday', from: 'visitor' }] }),
    wire(readTicket, { id: 'T-1002', status: 'open', subject: 'Refund for order 7', messages: [{ id: 'm2', text: 'office printer broken too' }] }),
    wire(readTicket, { id: 'T-1003', status: 'open', subject: HOSTILE, messages: [{ id: 'm3', text: HOSTILE }] }),
  ], { news: false, syncedAt });
  new ContactRepository(db).store('desk', [
    wire(readContact, { id: 'c-1', name: 'Grace Hopper', company: 'Navy Labs', email: 'grace@navy.example', phone: PHONE, phone_masked: false, status: 'active' }),
  ], syncedAt);
  new WorkRepository(db).store('desk', [
    wire(readWorkItem, { id: 'w-1', title: 'Unblock the office range', description: 'Customer says 203.0.113.220 cannot reach us', status: 'open' }),
  ], syncedAt);
  db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES ('conv-1', NULL, 'Is 198.51.100.7 a scanner?', 'now', 'now')").run();
  db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES ('conv-2', NULL, 'Weekly report', 'now', 'now')").run();
  db.prepare("INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES ('msg-1', 'conv-2', 0, 'assistant', 'The botnet scanner kept probing port 22.', 'now')").run();
  db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip, reason, created_at) VALUES ('fw', 'blk-1', '203.0.113.220', 'office scanner', '2026-11-01')").run();
  repository = new SearchRepository(db);
  activity = new ActivityRepository(db);
  activity.insert({ id: 'act-1', at: '2026-11-02T10:00:00.000Z', osUser: 'analyst', profileId: 'fw', profileName: 'Bench fw', backEnd: 'firewall',
    action: { code: 'block' }, target: { kind: 'address', address: '198.51.100.77' }, requestId: 'req-9f2', outcome: 'sent', errorCode: null, updatedAt: '2026-11-02T10:00:00.000Z' });
  repository.remember([
    { profileId: 'desk', kind: 'faq', id: 'faq-1', title: 'How do I reset my password?', body: 'Open Settings, then Security.' },
    { profileId: 'fw', kind: 'allow', id: 'allow-1', title: '192.0.2.10', body: 'monitoring probe' },
  ], syncedAt);
  const profileNames = () => new Map((db.prepare('SELECT id, name FROM profiles').all() as { id: string; name: string }[]).map((row) => [row.id, row.name]));
  search = new SearchService({ repository, settings: new SettingsTable(db), clock: systemClock, activity: (text, limit) => activity.page({ text }, 0, limit), profileNames });
  // What the window was shown of the FAQ, the knowledge base and an allow list, as their calls answered it.
  search.sawAnswers({ profileId: 'desk', faqs: [{ id: 'faq-1', question: 'How do I reset my password?', answer: 'Open Settings, then Security.', tags: [], createdAt: null, updatedAt: null }] });
  search.sawAnswers({ profileId: 'desk', kbHits: [{ id: 'kb-7', source: 'article', title: 'VPN keeps dropping', snippet: 'Renew the tunnel certificate', score: 0.9 }] });
  search.sawAllowList({ profileId: 'fw', items: [{ id: 'allow-1', ip: '192.0.2.10', description: 'monitoring probe', createdAt: null }] });
});

afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the palette search over the cache', () => {
  test('each kind is found by its words, and each hit names its connection and the tab that shows it', () => {
    expect(group(search.query('probe'), 'alert')?.hits[0]).toMatchObject({ kind: 'alert', profileId: 'fw', profileName: 'Bench fw', target: { kind: 'alert', params: { profileId: 'fw' } } });
    expect(titles(search.query('probe'), 'allow')).toEqual(['192.0.2.10']);
    expect(search.query('office scanner').groups.find((g) => g.kind === 'block')?.hits[0]).toMatchObject({ title: '203.0.113.220', target: { kind: 'block', params: { profileId: 'fw', entryId: 'blk-1' } } });
    expect(group(search.query('Lovelace'), 'ticket')?.hits[0]).toMatchObject({ id: 'T-1001', profileName: 'Main desk', target: { kind: 'ticket', params: { profileId: 'desk', ticketId: 'T-1001' } } });
    expect(group(search.query('navy'), 'contact')?.hits[0]).toMatchObject({ title: 'Grace Hopper', detail: 'Navy Labs · grace@navy.example', target: { kind: 'support', params: { section: 'contacts', itemId: 'c-1' } } });
    expect(group(search.query('unblock'), 'work')?.hits[0]).toMatchObject({ id: 'w-1', target: { kind: 'support', params: { section: 'work', itemId: 'w-1' } } });
    expect(group(search.query('botnet'), 'conversation')?.hits[0]).toMatchObject({ id: 'conv-2', title: 'Weekly report', detail: 'The botnet scanner kept probing port 22.', profileName: null });
    expect(titles(search.query('password'), 'faq')).toEqual(['How do I reset my password?']);
    expect(group(search.query('req-9f2'), 'activity')?.hits[0]).toMatchObject({ title: '198.51.100.77', profileName: 'Bench fw', target: { kind: 'activity', params: { text: 'req-9f2' } } });
    expect(group(search.query('tunnel'), 'kb')?.hits[0]).toMatchObject({ title: 'VPN keeps dropping', profileName: 'Main desk', target: { kind: 'support', params: { profileId: 'desk', section: 'kb' } } });
  });

  test('a ticket found by a message shows the words around the match; the groups count what matched', () => {
    const answer = search.query('office');
    expect(kinds(answer)).toEqual(['block', 'ticket', 'work']);
    const tickets = group(answer, 'ticket')!;
    expect(tickets.count).toBe(2);
    expect(tickets.hits.map((hit) => hit.id), 'a subject match ranks above a match in a message').toEqual(['T-1001', 'T-1002']);
    expect(tickets.hits[1]!.detail).toBe('office printer broken too');
    expect(answer.words).toEqual(['office']);
  });

  test('counting stops at the limit and says there are more', () => {
    const alerts = group(search.query('ET rule'), 'alert')!;
    expect(alerts.count).toBe(1000);
    expect(alerts.more).toBe(true);
    expect(alerts.hits).toHaveLength(5);
    const few = group(search.query('alert: beacon'), 'alert')!;
    expect(few.hits, 'a prefix narrowing to one kind shows more of it').toHaveLength(20);
  });

  test('a typed address goes straight to it, and finds its alerts, its block and the tickets that mention it', () => {
    const address = db.prepare("SELECT src_ip FROM firewall_alerts WHERE id = 'alt_00000042'").pluck().get() as string;
    const answer = search.query(address);
    expect(answer.direct).toEqual([{ kind: 'address', label: address, profileName: null, target: { kind: 'address', params: { address } } }]);
    expect(group(answer, 'alert')!.hits.map((hit) => hit.id)).toContain('alt_00000042');
    const office = search.query('203.0.113.220');
    expect(kinds(office)).toEqual(['block', 'ticket', 'work']);
    expect(group(office, 'ticket')!.hits.map((hit) => hit.id)).toEqual(['T-1001']);
    expect(search.query('10.20.3.').groups[0]).toMatchObject({ kind: 'alert' });
    // Typed any way, the card is the one a link opens: the same tab.
    expect(search.query('2001:DB8:0::1').direct[0]?.target).toEqual({ kind: 'address', params: { address: '2001:db8::1' } });
    expect(search.query('10.20.3.77/24').direct[0]?.target).toEqual({ kind: 'address', params: { address: '10.20.3.0/24' } });
  });

  test('prefixes narrow the kinds; a typed ticket id goes straight to its ticket', () => {
    expect(kinds(search.query('ip: 203.0.113.220'))).toEqual(['block']);
    expect(kinds(search.query('ticket: office'))).toEqual(['ticket']);
    expect(kinds(search.query('chat: scanner'))).toEqual(['conversation']);
    expect(kinds(search.query('alert: office'))).toEqual([]);
    expect(search.query('T-1002').direct).toEqual([{ kind: 'ticket', label: 'Refund for order 7', profileName: 'Main desk', target: { kind: 'ticket', params: { profileId: 'desk', ticketId: 'T-1002' } } }]);
    expect(search.query('alert: alt_00000007').direct[0]).toMatchObject({ kind: 'alert', target: { kind: 'alert', params: { profileId: 'fw', alertId: 'alt_00000007' } } });
  });

  test('a contact is never found by its phone, and no answer carries it', () => {
    expect(db.prepare("SELECT phone FROM support_contacts").pluck().get(), 'the cache keeps the masked phone, its last digits shown').toMatch(/5309$/);
    expect(group(search.query('5309'), 'contact')).toBeUndefined();
    expect(group(search.query('555'), 'contact')).toBeUndefined();
    expect(JSON.stringify(search.query('grace'))).not.toMatch(/5309|867/);
  });

  test('hostile text is found as words and comes back as the same text; query syntax in the box is only words', () => {
    const answer = search.query('DROP TABLE');
    expect(titles(answer, 'ticket')).toEqual([HOSTILE]);
    for (const typed of ['"', 'a.b', 'x', 'NEAR(a b)', 'a OR b*', '* AND', "' OR 1=1 --", '\\', '%_']) {
      expect(() => search.query(typed), typed).not.toThrow();
    }
    expect(db.prepare("SELECT COUNT(*) FROM support_tickets").pluck().get()).toBe(3);
  });

  test('an alert stored after the last search is found by its signature, a word of it typed in part', () => {
    expect(group(search.query('zergl'), 'alert')).toBeUndefined();
    const key = db.prepare("SELECT key FROM firewall_profile_keys WHERE profile_id = 'fw'").pluck().get() as number;
    db.prepare("INSERT INTO firewall_alerts (profile_key, id, walk, severity_rank, signature) VALUES (?, 'alt_fresh', 2, 1, 'Zerglings rushing')").run(key);
    expect(group(search.query('zergl'), 'alert')!.hits.map((hit) => hit.id)).toEqual(['alt_fresh']);
  });

  test('recently used actions come first and are remembered', () => {
    expect(search.recentActions()).toEqual([]);
    search.noteAction('theme.dark');
    search.noteAction('sync');
    expect(search.noteAction('theme.dark')).toEqual(['theme.dark', 'sync']);
    expect(new SearchService({ repository, settings: new SettingsTable(db), clock: systemClock, activity: (text, limit) => activity.page({ text }, 0, limit), profileNames: () => new Map() }).recentActions()).toEqual(['theme.dark', 'sync']);
  });
});
