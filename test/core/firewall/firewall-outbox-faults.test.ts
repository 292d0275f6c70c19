// 100 seeded trials of random faults (answers dropped after the appliance committed, resets, 5xx,
// 429) over a mix of firewall writes (block, unblock, allow, domain rule, policy change, address
// object): every write ends sent, the appliance carried out each create exactly once, and the writes
// of one object in the order they were made. Not here: an appliance that commits a create only after
// the client stopped waiting AND after the outbox looked for it (docs/api-assumptions.md, "retrying
// a firewall write"); with the outbox's backoff on a fake clock that lookup comes at once, so the
// case would measure the fake clock, not the outbox.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { OutboxEntry } from '../../../src-main/core/outbox/outbox.ts';
import { startSimulators, type Fault, type Simulators } from '../../sim/index.ts';
import { createRandom } from '../../sim/random.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveUntil, settle } from '../outbox/outbox-fixture.ts';
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
