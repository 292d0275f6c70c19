// The support receiver as the support site meets it: the simulator's own signed deliveries (and
// its retries) to the URL registered through OpsDesk; forged, unsigned and oversized bodies refused;
// each event processed once, also after a restart; the secret only in the keychain.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { KeyStore } from '../../../src-main/core/secrets/key-store.ts';
import { OpeningKeyStore, openKeyStore } from '../../../src-main/core/secrets/open-key-store.ts';
import { loadKeyring } from '../../../src-main/core/secrets/os-keychain-store.ts';
import type { NotificationItem } from '../../../src-shared/contract/notifications.ts';
import type { RegisteredSupportWebhook, SupportWebhookReceived } from '../../../src-shared/contract/support-webhooks.ts';
import { signBody, startSimulators, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { freePort } from '../../support/free-port.ts';
import { addSupportProfile, databaseBytes, openApp, removeApp, type App } from './support-hooks-fixture.ts';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through scripts/with-test-keyring.sh)');

let clock: FakeClock;
let sims: Simulators;
let keyStore: KeyStore;
let app: App;
let profileId: string;
let receiverUrl: string;
let received: SupportWebhookReceived[];

beforeEach(async () => {
  clock = new FakeClock();
  sims = await startSimulators({ clock, alertCount: 0 });
  keyStore = await openKeyStore();
  app = await openApp(clock, keyStore);
  profileId = await addSupportProfile(app, sims);
  received = [];
  app.services.supportWebhooks.onReceived((event) => received.push(event));
  const status = await app.api.supportWebhooks.saveSettings({ enabled: true, host: '127.0.0.1', port: await freePort() });
  if (!status.ok || status.data.url === null) throw new Error(`the receiver did not start: ${JSON.stringify(status)}`);
  receiverUrl = status.data.url;
});
afterEach(async () => {
  await removeApp(app);
  await sims.close();
});

async function register(url = receiverUrl, id = profileId): Promise<RegisteredSupportWebhook> {
  const answer = await clock.run(app.api.supportWebhooks.register({ profileId: id, url, events: ['ticket.created'] }));
  if (!answer.ok) throw new Error(`registration failed: ${answer.error.message}`);
  return answer.data;
}

/** A visitor opens a ticket on the site, through the API with a key of the test's own. */
async function openTicketOnSite(site = 'site-main', key = sims.support.keys.demo): Promise<void> {
  const agent = trustingAgent(sims.ca.certPem);
  try {
    const answer = await call(agent, `${sims.support.url}/api/open/v1/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'x-svc-site': site, 'idempotency-key': randomUUID() },
      json: { message: 'My order never arrived' },
    });
    expect(answer.status).toBe(200);
  } finally {
    await agent.close();
  }
}

async function centerItems(): Promise<NotificationItem[]> {
  const list = await app.api.notifications.list({ limit: 20 });
  return list.ok ? list.data.items : [];
}

/** Waits (on the shared clock, no sleeping) until the notification center holds what `check` wants. */
async function centerHas(check: (items: NotificationItem[]) => boolean): Promise<void> {
  await clock.run(new Promise<void>((resolve) => {
    const subscription = app.services.notifications.onChanged((list) => {
      if (check(list.items)) {
        subscription.dispose();
        resolve();
      }
    });
    if (check(app.services.notifications.list().items)) {
      subscription.dispose();
      resolve();
    }
  }));
}

/** Lets the answers' follow-up work (run just after each answer) happen. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function* chunksOf(buffer: Buffer): Generator<Buffer> {
  for (let start = 0; start < buffer.length; start += 64 * 1024) yield buffer.subarray(start, start + 64 * 1024);
}

async function post(body: string | Buffer | Readable, headers: Record<string, string>): Promise<number> {
  const answer = await request(receiverUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  await answer.body.dump();
  return answer.statusCode;
}

/** A TCP hop in front of the receiver that loses the receiver's answer to the first request it carries. */
async function answerLosingHop(target: string): Promise<{ url: string; server: Server }> {
  const { port: targetPort } = new URL(target);
  let lost = false;
  const server = createServer((client: Socket) => {
    const upstream = connect(Number(targetPort), '127.0.0.1');
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (lost) return void client.write(chunk);
      lost = true;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server };
}

describe.skipIf(!hasSecretService)('support webhook receiver', () => {
  it('is off by default and listens on loopback unless the user picks another address', async () => {
    const fresh = await openApp(clock, keyStore);
    try {
      const status = await fresh.api.supportWebhooks.status();
      expect(status.ok && status.data).toMatchObject({ settings: { enabled: false, host: '127.0.0.1' }, listeningAddress: null, url: null });
    } finally {
      await removeApp(fresh);
    }
  });

  it('processes a valid delivery from the site once: 2xx at the first attempt, a sync whose news is the one notification', async () => {
    await clock.run(app.services.support.syncNow(profileId, 'tickets'));
    const webhook = await register();
    expect(webhook).toMatchObject({ url: receiverUrl, secretHeld: true, storedInKeychain: true });
    expect(webhook.secret).toMatch(/^whsec_/);

    await openTicketOnSite();
    await clock.run(sims.support.webhooksIdle());
    const deliveries = sims.support.webhookDeliveries.filter((delivery) => delivery.url === receiverUrl);
    expect(deliveries.map(({ attempt, status }) => ({ attempt, status }))).toEqual([{ attempt: 1, status: 200 }]);
    await centerHas((items) => items.length > 0);

    expect(received).toEqual([expect.objectContaining({ profileId, webhookId: webhook.id, event: 'ticket.created', eventId: deliveries[0]!.eventId })]);
    // The sync the event started found the ticket and said so; the receiver adds no second entry for it.
    expect(await centerItems()).toEqual([expect.objectContaining({ kind: 'support-tickets', profileId, count: 1 })]);
    const status = await app.api.supportWebhooks.status();
    expect(status.ok && status.data).toMatchObject({ counts: { processed: 1, duplicate: 0, refused: 0 }, lastDelivery: { outcome: 'processed', event: 'ticket.created' } });
  });

  it('puts events the sync does not announce in the notification center', async () => {
    const { secret } = await register();
    const body = JSON.stringify({ id: 'evt_contact', event: 'contact.updated', site: 'site-main', data: { id: 'ct_000001', status: 'following' } });
    expect(await post(body, { 'x-svc-event': 'contact.updated', 'x-svc-signature': signBody(secret, body) })).toBe(200);
    await centerHas((items) => items.length > 0);
    expect(await centerItems()).toEqual([expect.objectContaining({ kind: 'support-webhook', profileId, title: 'Support: contact.updated', body: 'Support site-main' })]);
  });

  it('answers within the 5 s the site waits', async () => {
    const { secret } = await register();
    const body = JSON.stringify({ id: 'evt_timed', event: 'ticket.created', site: 'site-main', data: { id: 'tkt_1' } });
    const started = performance.now();
    expect(await post(body, { 'x-svc-signature': signBody(secret, body), 'x-svc-event': 'ticket.created' })).toBe(200);
    expect(performance.now() - started).toBeLessThan(5_000);
    await settle();
    expect(received.map((event) => event.eventId)).toEqual(['evt_timed']);
  });

  it('does not process the sender\'s retries or a replay twice, also after a restart', async () => {
    const hop = await answerLosingHop(receiverUrl);
    try {
      const { secret } = await register(hop.url);
      await openTicketOnSite();
      await clock.run(sims.support.webhooksIdle());
      await settle();
      const deliveries = sims.support.webhookDeliveries.filter((delivery) => delivery.url === hop.url);
      // The first answer was lost on the way back, so the site sent the same event again.
      expect(deliveries.map(({ attempt, status }) => ({ attempt, status }))).toEqual([{ attempt: 1, status: undefined }, { attempt: 2, status: 200 }]);
      expect(received).toHaveLength(1);

      const { headers, body } = deliveries[0]!;
      expect(await post(body, headers)).toBe(200);
      await settle();
      expect(received).toHaveLength(1);
      const status = await app.api.supportWebhooks.status();
      expect(status.ok && status.data.counts).toEqual({ processed: 1, duplicate: 2, refused: 0 });

      await app.services.dispose();
      app = await openApp(clock, keyStore, app.dataDir);
      const afterRestart: SupportWebhookReceived[] = [];
      app.services.supportWebhooks.onReceived((event) => afterRestart.push(event));
      await app.services.supportWebhooks.start();
      expect(await post(body, headers)).toBe(200);
      await settle();
      expect(afterRestart).toEqual([]);
      const restarted = await app.api.supportWebhooks.status();
      expect(restarted.ok && restarted.data.counts).toEqual({ processed: 0, duplicate: 1, refused: 0 });

      const fresh = JSON.stringify({ id: 'evt_after_restart', event: 'ticket.created', site: 'site-main', data: {} });
      // The restarted receiver checks with the secret it read back from the keychain.
      expect(await post(fresh, { 'x-svc-event': 'ticket.created', 'x-svc-signature': signBody(secret, fresh) })).toBe(200);
      await settle();
      expect(afterRestart.map((event) => event.eventId)).toEqual(['evt_after_restart']);
    } finally {
      await new Promise((resolve) => hop.server.close(resolve));
    }
  });

  it("processes a site's deliveries that carry only the changed record (no event id, the kind in X-SVC-Event): each event about a ticket once", async () => {
    sims.support.setDeliveryShape('bare');
    await clock.run(app.services.support.syncNow(profileId, 'tickets'));
    const { id: webhookId } = await clock.run(app.api.supportWebhooks.register({ profileId, url: receiverUrl, events: ['ticket.created', 'ticket.closed'] })).then((answer) => {
      if (!answer.ok) throw new Error(`registration failed: ${answer.error.message}`);
      return answer.data;
    });
    await openTicketOnSite();
    const ticket = sims.support.store.tickets.at(-1)!;
    const agent = trustingAgent(sims.ca.certPem);
    try {
      const closed = await call(agent, `${sims.support.url}/api/open/v1/tickets/${ticket.id}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sims.support.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
        json: {},
      });
      expect(closed.status).toBe(200);
    } finally {
      await agent.close();
    }
    await clock.run(sims.support.webhooksIdle());
    await settle();
    const deliveries = sims.support.webhookDeliveries.filter((delivery) => delivery.url === receiverUrl);
    expect(deliveries.map((delivery) => [delivery.event, JSON.parse(delivery.body).id, delivery.status])).toEqual([['ticket.created', ticket.id, 200], ['ticket.closed', ticket.id, 200]]);
    expect(received.map((event) => [event.webhookId, event.event])).toEqual([[webhookId, 'ticket.created'], [webhookId, 'ticket.closed']]);
    const status = await app.api.supportWebhooks.status();
    expect(status.ok && status.data.counts).toEqual({ processed: 2, duplicate: 0, refused: 0 });
  });

  it('refuses a delivery captured and replayed eight days later with a 4xx, and says so', async () => {
    await register();
    await openTicketOnSite();
    await clock.run(sims.support.webhooksIdle());
    await settle();
    const [captured] = sims.support.webhookDeliveries.filter((delivery) => delivery.url === receiverUrl);
    expect(received).toHaveLength(1);
    await clock.advance(8 * 86_400_000);
    expect(await post(captured!.body, captured!.headers)).toBe(400);
    await settle();
    expect(received).toHaveLength(1);
    const status = await app.api.supportWebhooks.status();
    expect(status.ok && status.data).toMatchObject({
      counts: { processed: 1, duplicate: 0, refused: 1 },
      lastDelivery: { outcome: 'refused', refusal: 'too_old', event: 'ticket.created', eventId: captured!.eventId, profileId },
    });
  });

  it('refuses a delivery without a signature, with a wrong one, and a 10 MB body', async () => {
    const { secret } = await register();
    const body = JSON.stringify({ id: 'evt_forged', event: 'ticket.created', site: 'site-main', data: {} });
    expect(await post(body, { 'x-svc-event': 'ticket.created' })).toBe(401);
    expect(await post(body, { 'x-svc-event': 'ticket.created', 'x-svc-signature': signBody('whsec_not_the_secret', body) })).toBe(401);
    expect(await post(body, { 'x-svc-event': 'ticket.created', 'x-svc-signature': signBody(secret, `${body} `) })).toBe(401);

    const huge = Buffer.alloc(10 * 1024 * 1024, 'x');
    const hugeSigned = { 'x-svc-event': 'ticket.created', 'x-svc-signature': signBody(secret, huge.toString()) };
    // Refused from its Content-Length, unread; then sent in chunks with no length, refused while it streams.
    expect(await post(huge, hugeSigned)).toBe(413);
    expect(await post(Readable.from(chunksOf(huge)), hugeSigned)).toBe(413);

    await settle();
    expect(received).toEqual([]);
    const status = await app.api.supportWebhooks.status();
    expect(status.ok && status.data).toMatchObject({ counts: { processed: 0, duplicate: 0, refused: 5 }, lastDelivery: { outcome: 'refused', refusal: 'too_large' } });
  });

  it('a start while the keychain is still locked waits for it, then checks deliveries with the secret it keeps', async () => {
    const { secret } = await register();
    await app.services.dispose();
    let unlock = () => {};
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    const lockedAtStart = new OpeningKeyStore({ loadKeyring: async () => (await unlocked, loadKeyring()) });
    // The database is encrypted with a key in that keychain: a start that did not wait would fail.
    const starting = openApp(clock, lockedAtStart, app.dataDir);
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    unlock();
    app = await starting;
    app.services.supportWebhooks.onReceived((event) => received.push(event));
    await app.services.supportWebhooks.start();
    const body = JSON.stringify({ id: 'evt_after_unlock', event: 'ticket.created', site: 'site-main', data: {} });
    expect(await post(body, { 'x-svc-event': 'ticket.created', 'x-svc-signature': signBody(secret, body) })).toBe(200);
    await settle();
    expect(received.map((event) => event.eventId)).toEqual(['evt_after_unlock']);
  });

  it('keeps the secret in the keychain only: not in SQLite, the log, or any later answer', async () => {
    const { secret, id } = await register();
    await openTicketOnSite();
    await clock.run(sims.support.webhooksIdle());
    await settle();
    expect(received).toHaveLength(1);

    const listed = await clock.run(app.api.supportWebhooks.list({ profileId }));
    expect(listed.ok && listed.data.find((webhook) => webhook.id === id)).toMatchObject({ secretHeld: true });
    const later = JSON.stringify([listed, await app.api.supportWebhooks.status(), await app.api.supportWebhooks.settings(), await app.api.notifications.list({ limit: 10 })]);
    expect(later).not.toContain(secret);
    await app.services.dispose();
    expect(await databaseBytes(app.dataDir)).not.toContain(secret);
    expect(app.logLines.join('\n')).not.toContain(secret);
    app = await openApp(clock, keyStore, app.dataDir);
  });
});
