// The outbox against the support simulator over real HTTPS, real SQLite and a fake clock: a write is
// stored with its key before it leaves, goes again with the same key until the server has it, and
// the server's refusals stop it for the user to decide.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { serviceError } from '../../../src-main/core/http/service-failure.ts';
import type { OutboxEntry } from '../../../src-main/core/outbox/outbox.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import {
  addSupportProfile,
  contactFollowUp,
  createdId,
  driveUntil,
  newContact,
  newTicket,
  openOutboxWorkspace,
  settle,
  type OutboxWorkspace,
} from './outbox-fixture.ts';

let sims: Simulators;
let clock: FakeClock;
let workspace: OutboxWorkspace;
let profileId: string;
let apiKey: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});
afterAll(async () => {
  await sims.close();
});
beforeEach(async () => {
  clock = new FakeClock();
  workspace = await openOutboxWorkspace(clock);
  ({ id: profileId, apiKey } = await addSupportProfile(workspace, sims));
});
afterEach(async () => {
  sims.support.faults.clear();
  await workspace.close();
});

let subjectNumber = 0;
const uniqueSubject = (what: string) => `${what} ${Date.now()}-${++subjectNumber}`;
const ticketsWithSubject = (subject: string) => sims.support.store.tickets.filter((ticket) => ticket.subject === subject);
const postsOf = (path: string) => sims.support.requests.filter((request) => request.method === 'POST' && request.path === `/api/open/v1${path}`);
const keysOf = (path: string, since: number) => postsOf(path).slice(since).map((request) => request.headers['idempotency-key']);
const stored = (id: string) =>
  workspace.services.db.prepare('SELECT idempotency_key, request, state FROM outbox_writes WHERE id = ?').get(id) as { idempotency_key: string; request: string | null; state: string };

describe('a write the server committed but whose answer was lost', () => {
  test('is sent again with the same key until an answer arrives: exactly one ticket', async () => {
    const subject = uniqueSubject('dropped');
    // More drops than the client's own attempts: the outbox itself has to send it again later.
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'drop-after-commit', times: 5 });
    const before = postsOf('/tickets').length;

    const first = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    expect(first.state).toBe('queued');
    expect(first.error).toMatchObject({ code: 'connection_reset', retryable: true });
    expect(ticketsWithSubject(subject)).toHaveLength(1);

    await driveUntil(clock, () => workspace.services.outbox.get(first.id)?.state === 'sent');
    const sent = workspace.services.outbox.get(first.id)!;
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.response).toMatchObject({ subject });
    expect(ticketsWithSubject(subject)).toHaveLength(1);
    const keys = keysOf('/tickets', before);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(new Set(keys)).toEqual(new Set([stored(first.id).idempotency_key]));
  });
});

describe('what the outbox keeps', () => {
  test('the key is stored before the request leaves; the body goes once the write is sent; the log has method, path and state only', async () => {
    const subject = uniqueSubject('Customer Jane Roe, card ending 4242');
    let keyWhenSent: string | undefined;
    workspace.services.outbox.registerSender('support', async (write, idempotencyKey) => {
      const entryId = workspace.services.outbox.list({ states: ['sending'] })[0]!.id;
      keyWhenSent = stored(entryId).idempotency_key;
      expect(keyWhenSent).toBe(idempotencyKey);
      return workspace.services.clients.clientFor(write.profileId, 'support').call({ ...write.request, idempotencyKey });
    });
    const entry = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    expect(entry.state).toBe('sent');
    expect(keyWhenSent).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored(entry.id)).toMatchObject({ state: 'sent', request: null });

    const logged = JSON.stringify(workspace.logs);
    expect(logged).toContain('/tickets');
    expect(logged).not.toContain('Jane Roe');
    expect(logged).not.toContain(apiKey);
    const everyRow = JSON.stringify(workspace.services.db.prepare('SELECT * FROM outbox_writes').all());
    expect(everyRow).not.toContain(apiKey);
  });

  test('a write for a connection that no longer exists is refused before anything is stored', async () => {
    await expect(workspace.services.outbox.submit(newTicket('profile-gone', 'nowhere'))).rejects.toMatchObject({ detail: { code: 'not_found', params: { context: 'profile_gone' } } });
    expect(workspace.services.outbox.list()).toEqual([]);
  });

  test('two writes are two keys, even with the same body', async () => {
    const subject = uniqueSubject('twice on purpose');
    const first = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    const second = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    expect([first.state, second.state]).toEqual(['sent', 'sent']);
    expect(stored(first.id).idempotency_key).not.toBe(stored(second.id).idempotency_key);
    expect(ticketsWithSubject(subject)).toHaveLength(2);
  });
});

describe('after a restart', () => {
  test('a write waiting out its backoff goes at its time, with its key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-outbox-restart-'));
    const keyStore = new SessionKeyStore('test');
    const subject = uniqueSubject('waits across a restart');
    try {
      const first = await openOutboxWorkspace(clock, { dataDir, keyStore });
      const { id } = await addSupportProfile(first, sims);
      sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 503, times: 4 });
      const queued = await settle(clock, first.services.outbox.submit(newTicket(id, subject)));
      expect(queued.state).toBe('queued');
      const { idempotency_key: key } = first.services.db.prepare('SELECT idempotency_key FROM outbox_writes WHERE id = ?').get(queued.id) as { idempotency_key: string };
      await first.close();

      const before = postsOf('/tickets').length;
      const second = await openOutboxWorkspace(clock, { dataDir, keyStore });
      try {
        expect(second.services.outbox.get(queued.id)?.state).toBe('queued');
        await driveUntil(clock, () => second.services.outbox.get(queued.id)?.state === 'sent');
        expect(keysOf('/tickets', before)).toEqual([key]);
        expect(ticketsWithSubject(subject)).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the server refuses a write (4xx)', () => {
  test('it fails with the reason; later writes of the same object wait behind it; Discard lets them go, Retry sends it', async () => {
    const contact = await settle(clock, workspace.services.outbox.submit(newContact(profileId, uniqueSubject('Contact'))));
    const contactId = createdId(contact);
    const refused = await settle(clock, workspace.services.outbox.submit({
      ...contactFollowUp(profileId, contactId, 'no kind'),
      request: { method: 'POST', path: `/contacts/${contactId}/follows`, body: { kind: 'carrier pigeon', note: 'x' } },
    }));
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatchObject({ code: 'bad_request', status: 400, service: 'support' });

    const waiting = await settle(clock, workspace.services.outbox.submit(contactFollowUp(profileId, contactId, 'after the refused one')));
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0, error: null });
    expect(workspace.services.outbox.pendingCounts()).toEqual({ [profileId]: 2 });

    const retried = await settle(clock, workspace.services.outbox.retry(refused.id));
    expect(retried).toMatchObject({ state: 'failed', attempts: 2 });
    expect(workspace.services.outbox.get(waiting.id)!.state).toBe('queued');

    const discarded = await workspace.services.outbox.discard(refused.id);
    expect(discarded.state).toBe('discarded');
    await driveUntil(clock, () => workspace.services.outbox.get(waiting.id)?.state === 'sent');
    const notes = sims.support.store.contacts.find((candidate) => candidate.id === contactId)!.follows.map((follow) => follow.note);
    expect(notes).toEqual(['after the refused one']);
    expect(workspace.services.outbox.pendingCounts()).toEqual({});
  });

  test('through the window: list, retry and discard, and every state change as an event', async () => {
    const events: OutboxEntry[] = [];
    await workspace.api.outbox.onChanged((entry) => events.push(entry));
    const refused = await settle(clock, workspace.services.outbox.submit({
      ...newTicket(profileId, 'empty'),
      request: { method: 'POST', path: '/tickets', body: { message: '' } },
    }));
    expect(events.map((event) => event.state)).toEqual(['queued', 'sending', 'failed']);
    // The clock stood still, yet each change is stamped later than the one before: the window keeps the later copy of a write.
    const stamps = events.map((event) => event.updatedAt);
    expect(new Set(stamps).size).toBe(3);
    expect([...stamps].sort()).toEqual(stamps);
    const listed = await workspace.api.outbox.list({ profileId, states: ['failed'] });
    expect(listed).toEqual({ ok: true, data: [expect.objectContaining({ id: refused.id, state: 'failed', action: { code: 'createTicket', params: { subject: 'empty' } } })] });
    expect(JSON.stringify(listed)).not.toContain('idempotency');
    expect(await workspace.api.outbox.retry({ id: refused.id })).toMatchObject({ ok: true, data: { state: 'failed', attempts: 2 } });
    expect(await workspace.api.outbox.discard({ id: refused.id })).toMatchObject({ ok: true, data: { state: 'discarded' } });
    expect(await workspace.api.outbox.list({ profileId, states: ['queued', 'failed', 'sending'] })).toEqual({ ok: true, data: [] });
    expect(await workspace.api.outbox.retry({ id: 'no-such-write' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('the server asks to wait (429, or 503 with Retry-After)', () => {
  test('the write is queued and goes again only after the wait, with the same key', async () => {
    const subject = uniqueSubject('slow down');
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 429, retryAfterSeconds: 120, times: 1 });
    const before = postsOf('/tickets').length;
    // The client waits out one Retry-After itself only up to its limit; 120 s is beyond it.
    const queued = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    expect(queued.state).toBe('queued');
    expect(queued.error).toMatchObject({ code: 'rate_limited', params: { waitSeconds: 120 } });

    await clock.advance(119_000);
    expect(postsOf('/tickets').length - before).toBe(1);
    await clock.advance(2_000);
    await driveUntil(clock, () => workspace.services.outbox.get(queued.id)?.state === 'sent');
    expect(new Set(keysOf('/tickets', before))).toEqual(new Set([stored(queued.id).idempotency_key]));
    expect(ticketsWithSubject(subject)).toHaveLength(1);
  });

  test('a 503 that asks for ten minutes is left alone that long, even when the back end answers again after a spell out of reach', async () => {
    const subject = uniqueSubject('maintenance');
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 503, retryAfterSeconds: 600, times: 1 });
    const before = postsOf('/tickets').length;
    const queued = await settle(clock, workspace.services.outbox.submit(newTicket(profileId, subject)));
    expect(queued).toMatchObject({ state: 'queued', error: { status: 503, params: { waitSeconds: 600 } } });

    // Out of reach, then answering again: that sends at once what waited only for the way there, not this.
    // The spell is reported as a client reports one; the answer is a real call, awaited without moving the clock.
    workspace.services.health.report(profileId, { kind: 'not-reached', error: serviceError({ service: 'support', code: 'connection_refused', retryable: true }) });
    await workspace.services.clients.clientFor(profileId, 'support').getMeta();
    expect(workspace.services.health.of(profileId).state).toBe('reachable');
    const waiting = workspace.services.db.prepare('SELECT state, attempts, next_attempt_at FROM outbox_writes WHERE id = ?').get(queued.id);
    expect(waiting).toEqual({ state: 'queued', attempts: 1, next_attempt_at: Date.parse(queued.updatedAt) + 600_000 });

    await clock.advance(590_000 - (clock.now() - Date.parse(queued.updatedAt)));
    expect(postsOf('/tickets').length - before).toBe(1);
    await clock.advance(20_000);
    await driveUntil(clock, () => workspace.services.outbox.get(queued.id)?.state === 'sent');
    expect(ticketsWithSubject(subject)).toHaveLength(1);
  });
});
