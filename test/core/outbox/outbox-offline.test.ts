// Writes made while the simulator is down are queued with the reason; when the profile's back end
// answers again they go out at once, each once, those of one object in the order they were made.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { OutboxEntry } from '../../../src-main/core/outbox/outbox.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, contactFollowUp, createdId, newContact, newTicket, openOutboxWorkspace, settle, type OutboxWorkspace } from './outbox-fixture.ts';

let sims: Simulators;
let workspace: OutboxWorkspace;
const clock = new FakeClock();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  workspace = await openOutboxWorkspace(clock);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

/** The way to the simulator, which the test can take down and bring back on the same port (TLS passes through untouched). */
class Route {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  readonly #targetPort: number;
  port = 0;

  constructor(targetPort: number) {
    this.#targetPort = targetPort;
  }

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.once('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

test('simulator down: writes queue offline; back: each sent once, in order per object, without waiting for the backoff', async () => {
  const { outbox } = workspace.services;
  const route = new Route(sims.support.port);
  await route.open();
  const { id: profileId } = await addSupportProfile(workspace, sims, { baseUrl: `https://127.0.0.1:${route.port}` });
  const contactId = createdId(await settle(clock, outbox.submit(newContact(profileId, 'Offline Contact'))));
  await route.close();

  const subject = `made offline ${Date.now()}`;
  const writes = [contactFollowUp(profileId, contactId, 'first, offline'), newTicket(profileId, subject), contactFollowUp(profileId, contactId, 'second, offline')];
  const queued: OutboxEntry[] = [];
  for (const write of writes) queued.push(await settle(clock, outbox.submit(write)));
  expect(queued.map((entry) => entry.state)).toEqual(['queued', 'queued', 'queued']);
  expect(queued[0]!.error).toMatchObject({ code: 'connection_refused', params: { host: `127.0.0.1:${route.port}` } });
  expect(queued[1]!.error).toMatchObject({ code: 'connection_refused' });
  // The second follow-up waits behind the first without trying: one object's writes go in order.
  expect(queued[2]).toMatchObject({ attempts: 0, error: null });
  expect(outbox.pendingCounts()).toEqual({ [profileId]: 3 });

  await route.open();
  const postsBefore = sims.support.requests.length;
  // Any call that reaches the back end tells the connection health it answers again.
  await settle(clock, workspace.services.clients.clientFor(profileId, 'support').getMeta());
  const timeBefore = clock.now();
  await vi.waitFor(() => expect(queued.map((entry) => outbox.get(entry.id)?.state)).toEqual(['sent', 'sent', 'sent']), { timeout: 10_000, interval: 10 });
  expect(clock.now()).toBe(timeBefore);

  const contact = sims.support.store.contacts.find((candidate) => candidate.id === contactId)!;
  expect(contact.follows.map((follow) => follow.note)).toEqual(['first, offline', 'second, offline']);
  expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(1);
  const writesSent = sims.support.requests.slice(postsBefore).filter((request) => request.method === 'POST');
  expect(writesSent).toHaveLength(3);
  expect(outbox.pendingCounts()).toEqual({});
  await route.close();
});
