// 100 seeded trials of random faults (drop after commit, reset, 5xx, 429, timeout) over a mix of
// writes (tickets, messages, contacts, follow-ups): every write ends sent, and the simulator's
// store holds each exactly once, those of one object in the order they were made.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { OutboxEntry, OutboxWrite } from '../../../src-main/core/outbox/outbox.ts';
import { startSimulators, type Fault, type Simulators } from '../../sim/index.ts';
import { createRandom } from '../../sim/random.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import {
  addSupportProfile,
  contactFollowUp,
  createdId,
  driveUntil,
  newContact,
  newTicket,
  openOutboxWorkspace,
  robotReply,
  settle,
  visitorMessage,
  workFollowUp,
  type OutboxWorkspace,
} from './outbox-fixture.ts';

const TRIALS = 100;
// Short enough that a timeout costs little real time, long enough for an answer on a busy machine.
const HEADERS_TIMEOUT_MS = 400;

let sims: Simulators;
let clock: FakeClock;
let workspace: OutboxWorkspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  clock = new FakeClock();
  workspace = await openOutboxWorkspace(clock);
});
afterAll(async () => {
  await workspace?.close();
  await sims.close();
});

const writePaths = [/^\/tickets$/, /^\/tickets\/[^/]+\/(messages|reply)$/, /^\/contacts$/, /^\/contacts\/[^/]+\/follows$/, /^\/work\/[^/]+\/follows$/];

function randomFault(random: ReturnType<typeof createRandom>): Fault {
  const path = random.pick(writePaths);
  const times = random.int(1, 3);
  switch (random.int(0, 4)) {
    case 0:
      return { method: 'POST', path, kind: 'drop-after-commit', times };
    case 1:
      return { method: 'POST', path, kind: 'reset', keep: 0, times };
    case 2:
      return { method: 'POST', path, kind: 'status', status: random.pick([500, 502, 503]), times };
    case 3:
      return { method: 'POST', path, kind: 'status', status: 429, retryAfterSeconds: random.int(1, 90), times };
    default:
      // The server works on it after the client gave up waiting: committed, answer never read.
      return { method: 'POST', path, kind: 'delay', ms: HEADERS_TIMEOUT_MS + 300, times: 1 };
  }
}

test(`${TRIALS} trials of random faults: every write sent, none twice, none lost, in order per object`, async () => {
  const { id: profileId } = await addSupportProfile(workspace, sims, { headersMs: HEADERS_TIMEOUT_MS });
  const { outbox } = workspace.services;
  const base = {
    ticket: createdId(await settle(clock, outbox.submit(newTicket(profileId, 'base ticket')))),
    contact: createdId(await settle(clock, outbox.submit(newContact(profileId, 'Base Contact')))),
  };
  const work = await settle(clock, outbox.submit({
    profileId,
    service: 'support',
    objectKey: 'work:new',
    action: { code: 'createWorkItem', params: { title: 'base work' } },
    request: { method: 'POST', path: '/work', body: { title: 'base work' } },
  }));
  const workId = createdId(work);

  const store = sims.support.store;
  const baseTicket = () => store.tickets.find((ticket) => ticket.id === base.ticket)!;
  const baseContact = () => store.contacts.find((contact) => contact.id === base.contact)!;
  const baseWork = () => store.work.find((item) => item.id === workId)!;
  /** Each kind of write, and how many times the simulator holds the one with this marker. */
  const kinds: { make(marker: string): OutboxWrite; countIn(marker: string): number }[] = [
    { make: (marker) => newTicket(profileId, marker), countIn: (marker) => store.tickets.filter((ticket) => ticket.subject === marker).length },
    { make: (marker) => visitorMessage(profileId, base.ticket, marker), countIn: (marker) => baseTicket().messages.filter((message) => message.text === marker).length },
    { make: (marker) => robotReply(profileId, base.ticket, marker), countIn: (marker) => baseTicket().messages.filter((message) => message.text === marker).length },
    { make: (marker) => newContact(profileId, marker), countIn: (marker) => store.contacts.filter((contact) => contact.name === marker).length },
    { make: (marker) => contactFollowUp(profileId, base.contact, marker), countIn: (marker) => baseContact().follows.filter((follow) => follow.note === marker).length },
    { make: (marker) => workFollowUp(profileId, workId, marker), countIn: (marker) => baseWork().follows.filter((follow) => follow.note === marker).length },
  ];

  const made: { write: OutboxWrite; marker: string; countIn(marker: string): number }[] = [];
  let faultsApplied = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const random = createRandom(trial + 1, 'outbox-faults');
    sims.support.faults.clear();
    const faultCount = random.int(1, 3);
    for (let i = 0; i < faultCount; i++) sims.support.faults.add(randomFault(random));
    faultsApplied += faultCount;

    const writes = Array.from({ length: random.int(3, 7) }, (_, index) => {
      const marker = `t${trial}-w${index}`;
      const kind = random.pick(kinds);
      return { write: kind.make(marker), marker, countIn: kind.countIn };
    });
    made.push(...writes);
    // Made together, as a busy user would: objects go in parallel, each object's writes in order.
    const entries: OutboxEntry[] = await settle(clock, Promise.all(writes.map(({ write }) => outbox.submit(write))));
    await driveUntil(clock, () => entries.every((entry) => outbox.get(entry.id)?.state === 'sent'));
  }
  sims.support.faults.clear();

  const counts = made.map(({ marker, countIn }) => countIn(marker));
  expect({ writes: counts.length, duplicates: counts.filter((count) => count > 1).length, lost: counts.filter((count) => count === 0).length })
    .toEqual({ writes: made.length, duplicates: 0, lost: 0 });
  expect(faultsApplied).toBeGreaterThanOrEqual(TRIALS);

  // One object's writes arrived in the order they were made.
  const markersOf = (objectKey: string) => made.filter(({ write }) => write.objectKey === objectKey).map(({ marker }) => marker);
  expect(baseTicket().messages.map((message) => message.text).filter((text) => /^t\d+-w\d+$/.test(text))).toEqual(markersOf(`ticket:${base.ticket}`));
  expect(baseContact().follows.map((follow) => follow.note)).toEqual(markersOf(`contact:${base.contact}`));
  expect(baseWork().follows.map((follow) => follow.note)).toEqual(markersOf(`work:${workId}`));
  expect(outbox.pendingCounts()).toEqual({});
}, 240_000);
