// A bulk close (issue 27, item 3) under faults: every ticket's close is its own outbox write with its
// own Idempotency-Key, all stored before the first leaves; whether the simulator drops its answers
// after committing or goes down mid-batch, each ticket ends closed exactly once, with the note,
// within the key's rate (no 429).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { startSimulators, SUPPORT_API_PREFIX, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveUntil } from '../outbox/outbox-fixture.ts';
import { addSupportProfile, openWorkspace, type Workspace } from './support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ clock, alertCount: 0 });
  workspace = await openWorkspace(clock);
});
afterEach(async () => {
  sims.support.faults.clear();
  await sims.support.comeBack();
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

let taken = 0;
/** Open tickets of site-main no test has used yet. */
function openTickets(count: number): string[] {
  const ids = sims.support.store.tickets.filter((ticket) => ticket.site === 'site-main' && ticket.status !== 'closed').slice(taken, taken + count).map((ticket) => ticket.id);
  taken += count;
  expect(ids).toHaveLength(count);
  return ids;
}

const stateOf = (entry: OutboxEntry) => workspace.services.outbox.get(entry.id)?.state;
const closeRequests = (since: number) => sims.support.requests.slice(since).filter((request) => request.method === 'POST' && request.path.endsWith('/close'));

function expectClosedOnce(ids: string[], note: string): void {
  const onSite = ids.map((id) => sims.support.store.tickets.find((ticket) => ticket.id === id)!);
  expect(onSite.map((ticket) => [ticket.id, ticket.status, ticket.close_note])).toEqual(ids.map((id) => [id, 'closed', note]));
  expect(ids.map((id) => sims.support.closesRun.get(id))).toEqual(ids.map(() => 1));
}

describe('closing many tickets at once', () => {
  it('stores a write per ticket with its own key before any leaves; answers dropped after the commit are asked again with the same key', async () => {
    const profileId = await addSupportProfile(workspace, sims);
    const ids = openTickets(12);
    const before = sims.support.requests.length;
    sims.support.faults.add({ method: 'POST', path: /^\/tickets\/[^/]+\/close$/, kind: 'drop-after-commit', times: 5 });

    const entries = await workspace.services.support.tickets.closeTickets(profileId, [...ids, ids[0]!], 'Closed in bulk: fixed in 4.2');
    expect(entries.map((entry) => entry.objectKey)).toEqual(ids.map((id) => `ticket:${id}`));
    await driveUntil(clock, () => entries.every((entry) => stateOf(entry) === 'sent'));

    expectClosedOnce(ids, 'Closed in bulk: fixed in 4.2');
    const keys = closeRequests(before).map((request) => request.headers['idempotency-key']);
    // Twelve keys, five of them sent twice: the answers lost after the commit.
    expect(new Set(keys).size).toBe(12);
    expect(keys).toHaveLength(17);
    expect(closeRequests(before).filter((request) => request.status === 429)).toEqual([]);
  });

  it('the simulator goes down mid-batch and comes back: the rest go out by themselves, each ticket closed once, none refused for the rate', async () => {
    // Six a minute: the batch takes minutes of the fake clock. The server crashes on the fifth close,
    // by the simulator's own count, so how far the batch got never depends on the machine's speed.
    const profileId = await addSupportProfile(workspace, sims, { ratePerMinute: 6 });
    const ids = openTickets(15);
    const before = sims.support.requests.length;
    sims.support.faults.add({ method: 'POST', path: /^\/tickets\/[^/]+\/close$/, kind: 'go-down', after: 4, times: 1 });

    const entries = await workspace.services.support.tickets.closeTickets(profileId, ids, 'Duplicate of the outage ticket');
    expect(entries.every((entry) => entry.state === 'queued' || entry.state === 'sending')).toBe(true);
    await driveUntil(clock, () => entries.some((entry) => workspace.services.outbox.get(entry.id)?.error?.code === 'connection_refused'));
    expect(entries.filter((entry) => stateOf(entry) === 'sent').length).toBeLessThanOrEqual(4);
    await sims.support.comeBack();
    await driveUntil(clock, () => entries.every((entry) => stateOf(entry) === 'sent'));

    expectClosedOnce(ids, 'Duplicate of the outage ticket');
    expect(closeRequests(before).filter((request) => request.status === 429)).toEqual([]);
    expect(closeRequests(before).every((request) => request.path.startsWith(SUPPORT_API_PREFIX))).toBe(true);
  });
});
