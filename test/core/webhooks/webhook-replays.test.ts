// What both receivers (the firewall's and support's share `WebhookReceiver`) do with a correctly
// signed delivery that names no event id (a bare payload whose `id` is its record's included), and
// with one captured and replayed long after: a real SQLite file, a real HTTP receiver, and a clock
// the test moves.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { request } from 'undici';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { signatureMatches } from '../../../src-main/core/webhooks/signature.ts';
import { WebhookDeliveryLog } from '../../../src-main/core/webhooks/webhook-delivery-log.ts';
import { WebhookEventLog } from '../../../src-main/core/webhooks/webhook-event-log.ts';
import { WebhookReceiver, headerValue, type WebhookEvent } from '../../../src-main/core/webhooks/webhook-receiver.ts';
import { signBody } from '../../sim/index.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { captureLog } from '../http/fixtures.ts';

const SECRET = 'whsec_replay_test_secret';
const DAY_MS = 86_400_000;
const log = captureLog();
let dataDir: string;
let db: Db;
let now: number;
let receiver: WebhookReceiver<{ profileId: string }>;
let url: string;
let acted: WebhookEvent<{ profileId: string }>[];
let deliveries: WebhookDeliveryLog;

/** A receiver as either back end's is built, over the same event log; `now` is the test's. */
async function openReceiver(): Promise<void> {
  deliveries = new WebhookDeliveryLog();
  receiver = new WebhookReceiver({
    host: '127.0.0.1',
    port: 0,
    allowedAddress: null,
    maxBodyBytes: 1024 * 1024,
    eventHeader: 'x-svc-event',
    authenticate: (body, headers) => {
      const signature = headerValue(headers, 'x-svc-signature');
      if (signature === undefined) return 'unsigned';
      return signatureMatches(SECRET, body, signature) ? { profileId: 'p1' } : 'bad_signature';
    },
    events: new WebhookEventLog(db),
    logger: log.logger,
    now: () => now,
    onEvent: (event) => acted.push(event),
    deliveries,
  });
  url = `http://127.0.0.1:${await receiver.listen()}/`;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-replays-'));
  db = openDatabase(path.join(dataDir, 'opsdesk.sqlite'));
  insertProfileRow(db, 'p1', 'support', 'Replays');
  now = Date.parse('2026-03-01T12:00:00.000Z');
  acted = [];
  await openReceiver();
});

afterEach(async () => {
  await receiver.close();
  deliveries.dispose();
  db.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function deliver(body: string, event = 'ticket.created'): Promise<number> {
  const answer = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-svc-event': event, 'x-svc-signature': signBody(SECRET, body) } });
  await answer.body.dump();
  await new Promise((resolve) => setImmediate(resolve));
  return answer.statusCode;
}

test('a signed delivery without an event id is acted on once, the same body again is a duplicate, another body is new', async () => {
  const first = JSON.stringify({ event: 'ticket.created', site: 'site-main', occurred_at: new Date(now).toISOString(), data: { id: 'tkt_1' } });
  const second = JSON.stringify({ event: 'ticket.created', site: 'site-main', occurred_at: new Date(now).toISOString(), data: { id: 'tkt_2' } });
  expect(await deliver(first)).toBe(200);
  expect(await deliver(first)).toBe(200);
  expect(await deliver(second)).toBe(200);
  expect(acted.map((event) => (event.data as { id: string }).id)).toEqual(['tkt_1', 'tkt_2']);
  expect(deliveries.snapshot().counts).toEqual({ processed: 2, duplicate: 1, refused: 0 });
});

test("a bare payload (the kind only in the header) is the record itself: its `id` is the record's, so each event about it is acted on, deduplicated by its body", async () => {
  const created = JSON.stringify({ id: 'tkt_1', status: 'queued', subject: 'Parcel' });
  const closed = JSON.stringify({ id: 'tkt_1', status: 'closed', subject: 'Parcel' });
  expect(await deliver(created, 'ticket.created')).toBe(200);
  expect(await deliver(closed, 'ticket.closed')).toBe(200);
  expect(await deliver(closed, 'ticket.closed')).toBe(200);
  expect(acted.map((event) => [event.event, event.data])).toEqual([
    ['ticket.created', { id: 'tkt_1', status: 'queued', subject: 'Parcel' }],
    ['ticket.closed', { id: 'tkt_1', status: 'closed', subject: 'Parcel' }],
  ]);
  expect(acted.map((event) => event.id)).toEqual([expect.stringMatching(/^body:/), expect.stringMatching(/^body:/)]);
  expect(deliveries.snapshot().counts).toEqual({ processed: 2, duplicate: 1, refused: 0 });
});

test('a delivery with its time, captured and replayed eight days later, is refused with a 4xx and the reason in the delivery list', async () => {
  const body = JSON.stringify({ id: 'evt_captured', event: 'ticket.created', occurred_at: new Date(now).toISOString(), data: { id: 'tkt_1' } });
  expect(await deliver(body)).toBe(200);
  now += 8 * DAY_MS;
  expect(await deliver(body)).toBe(400);
  expect(acted).toHaveLength(1);
  expect(deliveries.snapshot().counts).toEqual({ processed: 1, duplicate: 0, refused: 1 });
  expect(deliveries.snapshot().recent[0]).toMatchObject({ outcome: 'refused', refusal: 'too_old', event: 'ticket.created', eventId: 'evt_captured', profileId: 'p1' });
});

// Without a time, nothing tells a replay from a new event but the id kept.
test.each([
  ['with an event id and no time', { id: 'evt_timeless', occurred: false }],
  ['with neither', { id: undefined, occurred: false }],
])('a delivery %s, captured and replayed 30 days later (after a restart), is not acted on again', async (_name, { id, occurred }) => {
  const body = JSON.stringify({ ...(id && { id }), event: 'ticket.created', ...(occurred && { occurred_at: new Date(now).toISOString() }), data: { id: 'tkt_1' } });
  expect(await deliver(body)).toBe(200);
  expect(acted).toHaveLength(1);
  // Other deliveries arrive meanwhile, and each new one prunes what is no longer needed.
  for (let day = 1; day <= 30; day++) {
    now += DAY_MS;
    expect(await deliver(JSON.stringify({ id: `evt_day_${day}`, event: 'ticket.created', occurred_at: new Date(now).toISOString(), data: {} }))).toBe(200);
  }
  await receiver.close();
  await openReceiver();
  expect(await deliver(body)).toBe(200);
  expect(acted.filter((event) => (event.data as { id?: string }).id === 'tkt_1')).toHaveLength(1);
  expect(deliveries.snapshot().counts).toEqual({ processed: 0, duplicate: 1, refused: 0 });
});

test('a delivery younger than the accepted age is acted on; one that occurred longer ago is refused', async () => {
  expect(await deliver(JSON.stringify({ id: 'evt_recent', event: 'ticket.created', occurred_at: new Date(now - 6 * DAY_MS).toISOString(), data: {} }))).toBe(200);
  expect(await deliver(JSON.stringify({ id: 'evt_old', event: 'ticket.created', occurred_at: new Date(now - 8 * DAY_MS).toISOString(), data: {} }))).toBe(400);
  expect(acted.map((event) => event.id)).toEqual(['evt_recent']);
});
