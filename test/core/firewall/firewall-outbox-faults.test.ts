// 100 seeded trials of random faults (answers dropped after the appliance committed, resets, 5xx,
// 429) over a mix of firewall writes (block, unblock, allow, domain rule, policy change, address
// object): every write ends sent, the appliance carried out each create exactly once, and the writes
// of one object in the order they were made. Then an appliance that carries out a create after the
// client stopped waiting for its answer AND after the outbox first looked for it: the outbox looks
// again before it sends the write again, and the create is made once.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { OutboxEntry } from '../../../src-main/core/outbox/outbox.ts';
import { startSimulators, type Fault, type Simulators } from '../../sim/index.ts';
import { createRandom } from '../../sim/random.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveInStep, driveUntil, settle } from '../outbox/outbox-fixture.ts';
import { data, openWorkspace, type Workspace } from './firewall-fixture.ts';
import { applied } from '../../support/applied.ts';

const TRIALS = 100;
// Short enough that a timeout costs little real time, long enough for an answer on a busy machine.
const HEADERS_TIMEOUT_MS = 400;

let sims: Simulators;
let clock: FakeClock;
let workspace: Workspace;
let profileId: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  clock = new FakeClock();
  workspace = await openWorkspace(clock);
  ({ id: profileId } = await workspace.services.profiles.save({
    service: 'firewall',
    name: 'Faulty firewall',
    baseUrl: sims.firewall.url,
    apiKey: sims.firewall.addKey({ role: 'administrator', rate: { requests: 100_000, windowSeconds: 60 } }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: HEADERS_TIMEOUT_MS, bodyMs: 5_000, streamIdleMs: 5_000 },
    settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
  }));
});
afterAll(async () => {
  await workspace?.close();
  await sims.close();
});

const writePaths = [/^\/blocklist(\/[^/]+)?$/, /^\/allowlist$/, /^\/domains\/rules$/, /^\/policies\/[^/]+$/, /^\/objects\/addresses$/];

function randomFault(random: ReturnType<typeof createRandom>): Fault {
  const path = random.pick(writePaths);
  const times = random.int(1, 3);
  switch (random.int(0, 3)) {
    case 0:
      return { path, kind: 'drop-after-commit', times };
    case 1:
      return { path, kind: 'reset', keep: 0, times };
    case 2:
      return { path, kind: 'status', status: random.pick([500, 502, 503]), times };
    default:
      return { path, kind: 'status', status: 429, retryAfterSeconds: random.int(1, 90), times };
  }
}

test(`${TRIALS} trials of random faults over firewall writes: every write sent, no create made twice, none lost, in order per object`, async () => {
  const { firewall, firewallAdmin, outbox } = workspace.services;
  const policy = applied(data(await settle(clock, workspace.api.firewallAdmin.createPolicy({ profileId, policy: { name: 'Trial policy', action: 'deny' } }))));
  const committed = sims.firewall.committedWrites;
  const creates: { method: string; path: string; key: string }[] = [];
  const descriptions: string[] = [];
  const blockThenRelease: string[] = [];

  let faultsApplied = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const random = createRandom(trial + 1, 'firewall-outbox-faults');
    sims.firewall.faults.clear();
    const faultCount = random.int(1, 3);
    for (let i = 0; i < faultCount; i++) sims.firewall.faults.add(randomFault(random));
    faultsApplied += faultCount;

    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < random.int(3, 7); index++) {
      const marker = `t${trial}-w${index}`;
      const ip = `10.${trial}.${index}.1`;
      switch (random.int(0, 5)) {
        case 0:
          creates.push({ method: 'POST', path: '/blocklist', key: ip });
          writes.push(firewall.blocks.block(profileId, ip, 0, marker));
          break;
        case 1:
          // A block and its release, made together: the release waits for the block's answer, then for the entry's id.
          blockThenRelease.push(ip);
          creates.push({ method: 'POST', path: '/blocklist', key: ip });
          writes.push(firewall.blocks.block(profileId, ip, 0, marker).then((entry) => settleWrite(entry.pending?.writeId).then(() => releaseOf(ip))));
          break;
        case 2:
          creates.push({ method: 'POST', path: '/allowlist', key: ip });
          writes.push(firewall.allowlist.create(profileId, { ip, description: marker }));
          break;
        case 3:
          creates.push({ method: 'POST', path: '/domains/rules', key: `${marker}.example` });
          writes.push(firewall.domains.create(profileId, { domain: `${marker}.example`, action: 'block', description: '' }));
          break;
        case 4:
          descriptions.push(marker);
          writes.push(firewallAdmin.policies.update(profileId, policy.id, { description: marker }));
          break;
        default:
          creates.push({ method: 'POST', path: '/objects/addresses', key: marker });
          writes.push(firewallAdmin.addressObjects.create(profileId, { name: marker, type: 'host', value: ip, description: '' }));
      }
    }
    await settle(clock, Promise.all(writes));
    await driveUntil(clock, () => outbox.pendingCounts()[profileId] === undefined);
  }
  sims.firewall.faults.clear();

  /** Waits until the write (if one waits) is sent. */
  async function settleWrite(writeId: string | undefined): Promise<void> {
    if (writeId) await driveUntil(clock, () => outbox.get(writeId)?.state === 'sent');
  }
  async function releaseOf(ip: string): Promise<void> {
    const entry = firewall.blocks.list(profileId).items.find((item) => item.ip === ip && !item.pending);
    await firewall.blocks.unblock(profileId, entry!.id);
  }

  const firewallWrites: OutboxEntry[] = outbox.list({ profileId }).filter((entry) => entry.service === 'firewall');
  expect(firewallWrites.filter((entry) => entry.state !== 'sent')).toEqual([]);
  const counts = creates.map(({ method, path, key }) => committed.filter((write) => write.method === method && write.path === path && write.key === key).length);
  expect({ creates: counts.length, duplicates: counts.filter((count) => count > 1).length, lost: counts.filter((count) => count === 0).length })
    .toEqual({ creates: creates.length, duplicates: 0, lost: 0 });
  expect(faultsApplied).toBeGreaterThanOrEqual(TRIALS);

  // One policy's changes reached it in the order they were made (a change sent again after a lost answer sets the same values).
  const changed = committed.filter((write) => write.method === 'PUT' && write.key === policy.id).map((write) => String(write.body['description']));
  expect(changed.filter((description, index) => description !== changed[index - 1])).toEqual(descriptions);
  // Each release came after its block, and nothing it released is blocked still.
  for (const ip of blockThenRelease) {
    const blockedAt = committed.findIndex((write) => write.method === 'POST' && write.key === ip);
    const releasedAt = committed.findIndex((write, index) => index > blockedAt && write.method === 'DELETE' && write.path === '/blocklist/:id');
    expect(releasedAt).toBeGreaterThan(blockedAt);
  }
  expect(sims.firewall.blockedAddresses().filter((ip) => blockThenRelease.includes(ip))).toEqual([]);
  expect(outbox.pendingCounts()).toEqual({});
}, 300_000);

// The appliance is given this long to answer; it carries out the create later than that, and later
// than the outbox's first look (the deadline, up to a second more as undici's timers tick, plus a
// backoff of 1.6 to 2.4 s), yet before it has had the deadline a second time. Real time: the
// simulator's delay is real, and the fake clock moves with it.
const LATE_ANSWER_DEADLINE_MS = 6_000;
const CARRIED_OUT_AFTER_MS = 10_500;

test('a create the appliance carries out after its answer ran out of time and after the first look is looked for again, not made twice', async () => {
  const { outbox, firewall } = workspace.services;
  const { id: slowProfileId } = await workspace.services.profiles.save({
    service: 'firewall',
    name: 'Slow firewall',
    baseUrl: sims.firewall.url,
    apiKey: sims.firewall.addKey({ role: 'operations', rate: { requests: 100_000, windowSeconds: 60 } }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: LATE_ANSWER_DEADLINE_MS, bodyMs: 5_000, streamIdleMs: 5_000 },
    settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
  });
  sims.firewall.faults.clear();
  sims.firewall.faults.add({ method: 'POST', path: '/allowlist', kind: 'delay', ms: CARRIED_OUT_AFTER_MS, times: 1 });
  const ip = '198.51.100.77';

  const made = firewall.allowlist.create(slowProfileId, { ip, description: 'carried out late' });
  await driveInStep(clock, () => outbox.pendingCounts()[slowProfileId] === undefined);
  await made;
  // Past the moment the appliance carries out the first request, whatever the outbox did before.
  const arrived = sims.firewall.requests.find((request) => request.method === 'POST' && request.path.endsWith('/allowlist'))!.time;
  await driveInStep(clock, () => Date.now() > arrived + CARRIED_OUT_AFTER_MS + 500);

  const write = outbox.list({ profileId: slowProfileId }).find((entry) => entry.objectKey.endsWith(ip))!;
  expect({ state: write.state, attempts: write.attempts }).toEqual({ state: 'sent', attempts: 2 });
  expect(sims.firewall.committedWrites.filter((committed) => committed.method === 'POST' && committed.key === ip)).toHaveLength(1);
  expect(sims.firewall.allowedAddresses().filter((allowed) => allowed === ip)).toHaveLength(1);
}, 90_000);
