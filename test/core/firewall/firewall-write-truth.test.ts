// What OpsDesk says of a firewall write is what the appliance holds. Every kind of write (block,
// extend, unblock, allow, domain rule, policy change, address object) with a fault on its first
// request: refused before the appliance did anything (500, two 503s, 429) or carried out with its
// answer lost (dropped, reset mid-body, stalled past the answer deadline). Left to go, the write
// ends sent and the appliance holds it, once; undone at once, "undone" means the appliance does not
// hold it, and a change it cannot take back is said to be in force. Then a restart while the write
// is being sent: it ends sent, made once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QueuedWrite } from '../../../src-shared/contract/firewall.ts';
import type { OutboxEntry } from '../../../src-main/core/outbox/outbox.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { FIREWALL_API_PREFIX } from '../../sim/firewall.ts';
import { startSimulators, type Fault, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent, type Json } from '../../sim/test-helpers.ts';
import { applied } from '../../support/applied.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveInStep, driveUntil, settle } from '../outbox/outbox-fixture.ts';
import { addFirewallProfile, openWorkspace, type Workspace } from './firewall-fixture.ts';

// Short enough that a stall costs little real time, long enough for an answer on a busy machine.
const HEADERS_TIMEOUT_MS = 1_000;
// The appliance carries the stalled request out after the client stopped waiting, before the outbox looks again.
const STALL_MS = 1_500;

interface Trial {
  name: string;
  fault: Omit<Fault, 'path' | 'method'>;
  /** The appliance carried the first request out (only its answer was lost). */
  arrives: boolean;
  /** The simulator's own delay is real time: the fake clock moves with it. */
  realTime?: boolean;
}

const TRIALS: Trial[] = [
  { name: 'a 500', fault: { kind: 'status', status: 500, times: 1 }, arrives: false },
  { name: 'two 503s', fault: { kind: 'status', status: 503, times: 2 }, arrives: false },
  { name: 'a 429', fault: { kind: 'status', status: 429, retryAfterSeconds: 3, times: 1 }, arrives: false },
  { name: 'the answer dropped', fault: { kind: 'drop-after-commit', times: 1 }, arrives: true },
  { name: 'a reset mid-body', fault: { kind: 'reset', keep: 4, times: 1 }, arrives: true },
  { name: 'a stall past the deadline', fault: { kind: 'delay', ms: STALL_MS, times: 1 }, arrives: true, realTime: true },
];

let sims: Simulators;
let clock: FakeClock;
let keyStore: SessionKeyStore;
let dataDir: string;
let workspace: Workspace;
let profileId: string;
let reader: Agent;
let readKey: string;
let serial = 0;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  clock = new FakeClock();
  keyStore = new SessionKeyStore('write-truth');
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-write-truth-'));
  workspace = await openWorkspace(clock, { dataDir, keyStore });
  profileId = await addFirewallProfile(workspace, sims, {
    apiKey: sims.firewall.addKey({ role: 'administrator', rate: { requests: 100_000, windowSeconds: 60 } }),
    headersMs: HEADERS_TIMEOUT_MS,
  });
  reader = trustingAgent(sims.ca.certPem);
  readKey = sims.firewall.addKey({ role: 'read-only', rate: { requests: 100_000, windowSeconds: 60 } });
});
afterAll(async () => {
  await workspace?.close();
  await reader?.close();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The appliance's own list or object, read from outside OpsDesk. */
async function appliance(pathAndQuery: string): Promise<Json> {
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  const answer = await call(reader, `${sims.firewall.url}${pathAndQuery}${pathAndQuery.startsWith('/policies/') ? '' : `${separator}page_size=500`}`, { headers: { authorization: `Bearer ${readKey}` } });
  return answer.json;
}
const items = async (pathAndQuery: string) => (await appliance(pathAndQuery)).items as Json[];

/** One kind of write: what stands before it, the write, its undo, and whether the appliance holds its change. */
interface WriteKind {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: RegExp;
  /** Run before the fault is armed: what the write changes. */
  prepare(marker: string): Promise<Record<string, string>>;
  write(subject: Record<string, string>): Promise<unknown>;
  /** The appliance holds what the write asked for. */
  holds(subject: Record<string, string>): Promise<boolean>;
  /** The commits that made the change (a create made twice shows here). */
  commits(subject: Record<string, string>): number;
  /** Sent again after a lost answer, it sets the same values again: it may land twice, never differently. */
  repeatable?: true;
  /** Undo has a write that takes it back (a create); otherwise a change in force cannot be undone here. */
  undoable: boolean;
  /** How the window undoes it (null: not offered, an Extend's undo puts back the earlier block itself). */
  undo: ((subject: Record<string, string>, write: OutboxEntry) => Promise<QueuedWrite | null>) | null;
}

// The workspace is opened anew after a restart: always the one open now.
const firewall = () => workspace.services.firewall;
const firewallAdmin = () => workspace.services.firewallAdmin;

const blockedEntry = async (ip: string) => (await items(`/blocklist?ip=${ip}`)).find((entry) => entry.ip === ip);
const committedFor = (method: string, key: string) => sims.firewall.committedWrites.filter((write) => write.method === method && write.key === key).length;

async function standingBlock(ip: string, seconds: number): Promise<Record<string, string>> {
  const entry = await settle(clock, firewall().blocks.block(profileId, ip, seconds, `OpsDesk trial of ${ip}`));
  await settle(clock, firewall().blocks.sync(profileId));
  return { ip, id: entry.id };
}

const KINDS: WriteKind[] = [
  {
    name: 'block',
    method: 'POST',
    path: /^\/blocklist$/,
    prepare: async () => ({ ip: nextAddress() }),
    write: ({ ip }) => firewall().blocks.block(profileId, ip!, 3600, `OpsDesk trial of ${ip}`),
    holds: async ({ ip }) => (await blockedEntry(ip!)) !== undefined,
    commits: ({ ip }) => committedFor('POST', ip!),
    undoable: true,
    // The window's Undo of a block that waits: its pending entry unblocked.
    undo: (_subject, write) => firewall().blocks.unblock(profileId, `pending:${write.id}`),
  },
  {
    name: 'extend',
    method: 'POST',
    path: /^\/blocklist$/,
    prepare: async () => standingBlock(nextAddress(), 3600),
    // The window's Extend: a block again with the standing block's reason, for longer.
    write: ({ ip }) => firewall().blocks.block(profileId, ip!, 7200, `OpsDesk trial of ${ip}`),
    holds: async ({ ip }) => (await blockedEntry(ip!))?.duration === 7200,
    commits: ({ ip }) => committedFor('POST', ip!) - 1,
    undoable: false,
    undo: null,
  },
  {
    name: 'unblock',
    method: 'DELETE',
    path: /^\/blocklist\/[^/]+$/,
    prepare: async () => standingBlock(nextAddress(), 3600),
    write: ({ id }) => firewall().blocks.unblock(profileId, id!),
    holds: async ({ ip }) => (await blockedEntry(ip!)) === undefined,
    commits: ({ id }) => committedFor('DELETE', id!),
    undoable: false,
    undo: (_subject, write) => firewall().writes.undo(write.id),
  },
  {
    name: 'allow',
    method: 'POST',
    path: /^\/allowlist$/,
    prepare: async () => ({ ip: nextAddress() }),
    write: ({ ip }) => firewall().allowlist.create(profileId, { ip: ip!, description: 'trial' }),
    holds: async ({ ip }) => (await items('/allowlist')).some((entry) => entry.ip === ip),
    commits: ({ ip }) => committedFor('POST', ip!),
    undoable: true,
    undo: (_subject, write) => firewall().writes.undo(write.id),
  },
  {
    name: 'domain rule',
    method: 'POST',
    path: /^\/domains\/rules$/,
    prepare: async (marker) => ({ domain: `${marker}.example` }),
    write: ({ domain }) => firewall().domains.create(profileId, { domain: domain!, action: 'block', description: '' }),
    holds: async ({ domain }) => (await items('/domains/rules')).some((rule) => rule.domain === domain),
    commits: ({ domain }) => committedFor('POST', domain!),
    undoable: true,
    undo: (_subject, write) => firewall().writes.undo(write.id),
  },
  {
    name: 'policy change',
    method: 'PUT',
    path: /^\/policies\/[^/]+$/,
    prepare: async (marker) => {
      const policy = applied(await settle(clock, firewallAdmin().policies.create(profileId, { name: `Policy ${marker}`, action: 'deny' })));
      return { id: policy.id, marker };
    },
    write: ({ id, marker }) => firewallAdmin().policies.update(profileId, id!, { description: `changed ${marker}` }),
    holds: async ({ id, marker }) => (await appliance(`/policies/${id}`)).description === `changed ${marker}`,
    commits: ({ id }) => committedFor('PUT', id!),
    repeatable: true,
    undoable: false,
    undo: (_subject, write) => firewall().writes.undo(write.id),
  },
  {
    name: 'address object',
    method: 'POST',
    path: /^\/objects\/addresses$/,
    prepare: async (marker) => ({ name: `host-${marker}`, ip: nextAddress() }),
    write: ({ name, ip }) => firewallAdmin().addressObjects.create(profileId, { name: name!, type: 'host', value: ip!, description: '' }),
    holds: async ({ name }) => (await items('/objects/addresses')).some((object) => object.name === name),
    commits: ({ name }) => committedFor('POST', name!),
    undoable: true,
    undo: (_subject, write) => firewall().writes.undo(write.id),
  },
];

/** How many times the change was made: a repeatable change sent twice counts once. */
function landed(kind: WriteKind, subject: Record<string, string>): number {
  const commits = kind.commits(subject);
  return kind.repeatable ? Math.min(commits, 1) : commits;
}

function nextAddress(): string {
  serial += 1;
  return `10.39.${Math.floor(serial / 250)}.${(serial % 250) + 1}`;
}

/** The newest firewall write: the one the trial just made. */
function newestWrite(): OutboxEntry {
  return workspace.services.outbox.list({ profileId }).find((entry) => entry.service === 'firewall')!;
}

function drive(trial: Trial, done: () => boolean): Promise<void> {
  return trial.realTime ? driveInStep(clock, done) : driveUntil(clock, done);
}

const settleIn = <T>(trial: Trial, work: Promise<T>): Promise<T> => settle(clock, work, trial.realTime ? driveInStep : driveUntil);

/**
 * A write's first attempt, and no more: the clock jumps only to timers the attempt itself set, so
 * it never leaps past the outbox's next attempt while the refusal is on the wire (a leap to an
 * unrelated timer would fire that attempt on the way, and the write would be sending again).
 */
const firstAttempt = <T>(trial: Trial, work: Promise<T>): Promise<T> => (trial.realTime ? settle(clock, work, driveInStep) : clock.run(work));

const nothingWaits = () => workspace.services.outbox.pendingCounts()[profileId] === undefined;

const apiPath = (sent: string) => sent.slice(FIREWALL_API_PREFIX.length);
let armedAt = 0;

async function armed(kind: WriteKind, trial: Trial): Promise<Record<string, string>> {
  const subject = await kind.prepare(`w${++serial}`);
  armedAt = Date.now();
  sims.firewall.faults.clear();
  sims.firewall.faults.add({ method: kind.method, path: kind.path, ...trial.fault });
  return subject;
}

describe.each(KINDS)('$name', (kind) => {
  test.each(TRIALS)('with $name on its first request, left to go: sent, and the appliance holds it, made once', async (trial) => {
    const subject = await armed(kind, trial);
    await settleIn(trial, Promise.resolve(kind.write(subject)));
    const write = newestWrite();
    await drive(trial, () => workspace.services.outbox.get(write.id)?.state === 'sent');
    sims.firewall.faults.clear();
    expect({ said: workspace.services.outbox.get(write.id)!.state, holds: await kind.holds(subject), commits: landed(kind, subject) }).toEqual({ said: 'sent', holds: true, commits: 1 });
  });

  // An Extend has no undo of its own here: the window puts back the block that stood, a block again.
  const undo = kind.undo;
  if (undo) test.each(TRIALS)('with $name on its first request, undone at once: what the window is told is what the appliance holds', async (trial) => {
    const subject = await armed(kind, trial);
    await firstAttempt(trial, Promise.resolve(kind.write(subject)));
    const write = newestWrite();
    expect(write.state, 'the first attempt failed, so the write waits').toBe('queued');
    let answer: QueuedWrite | null | undefined;
    let refusal: unknown;
    try {
      answer = await settleIn(trial, undo(subject, write));
    } catch (error) {
      refusal = error;
    }
    if (refusal === undefined && answer === null) {
      // "Undone" at once: the appliance holds nothing of it now, and nothing of it goes out later.
      expect(await kind.holds(subject), 'undone, yet the appliance holds the change').toBe(false);
    }
    await drive(trial, nothingWaits);
    // A stalled request is carried out after the client gave up on it: the end state is read once it has been.
    const firstSent = sims.firewall.requests.find((request) => request.method === kind.method && kind.path.test(apiPath(request.path)) && request.time >= armedAt)!.time;
    if (trial.realTime) await driveInStep(clock, () => Date.now() > firstSent + STALL_MS + 200);
    sims.firewall.faults.clear();
    const holds = await kind.holds(subject);
    if (!trial.arrives) {
      // Nothing reached the appliance: discarded, nothing to take back.
      expect({ answer, refusal, holds, state: workspace.services.outbox.get(write.id)!.state }).toEqual({ answer: null, refusal: undefined, holds: false, state: 'discarded' });
    } else if (kind.undoable) {
      // It had reached the appliance: taken back there, through the outbox.
      expect({ refusal, holds, state: workspace.services.outbox.get(write.id)!.state }).toEqual({ refusal: undefined, holds: false, state: 'sent' });
      if (answer) expect(workspace.services.outbox.get(answer.queued.id)!.state).toBe('sent');
    } else {
      // It had reached the appliance and nothing takes it back: the window is told so, and the write is shown sent.
      expect({ refusal: (refusal as { detail?: { params?: unknown } }).detail?.params, holds, state: workspace.services.outbox.get(write.id)!.state }).toEqual({
        refusal: { context: 'write_in_force' },
        holds: true,
        state: 'sent',
      });
    }
    expect(landed(kind, subject), 'made at most once').toBeLessThanOrEqual(1);
  });
});

test('a write being sent when OpsDesk is closed, carried out by the appliance meanwhile, ends sent after the restart, made once, for every kind', async () => {
  for (const kind of KINDS) {
    const subject = await kind.prepare(`r${++serial}`);
    sims.firewall.faults.clear();
    sims.firewall.faults.add({ method: kind.method, path: kind.path, kind: 'delay', ms: 300, times: 1 });
    const requestsBefore = sims.firewall.requests.length;
    const writing = Promise.resolve(kind.write(subject)).catch(() => {});
    await driveInStep(clock, () => sims.firewall.requests.slice(requestsBefore).some((request) => request.method === kind.method && kind.path.test(apiPath(request.path))));
    const write = newestWrite();
    expect(write.state).toBe('sending');
    await workspace.close();
    await writing;
    await driveInStep(clock, () => kind.commits(subject) === 1);

    workspace = await openWorkspace(clock, { dataDir, keyStore });
    workspace.services.outbox.start();
    await driveUntil(clock, nothingWaits);
    sims.firewall.faults.clear();
    expect({ kind: kind.name, state: workspace.services.outbox.get(write.id)!.state, holds: await kind.holds(subject), commits: landed(kind, subject) }).toEqual({
      kind: kind.name,
      state: 'sent',
      holds: true,
      commits: 1,
    });
  }
}, 120_000);

test('a write the appliance refuses is shown waiting after that one refusal: no attempt below the outbox, for every kind', async () => {
  for (const kind of KINDS) {
    const subject = await kind.prepare(`q${++serial}`);
    sims.firewall.faults.clear();
    sims.firewall.faults.add({ method: kind.method, path: kind.path, kind: 'status', status: 503, times: 5 });
    const requestsBefore = sims.firewall.requests.length;
    await clock.run(Promise.resolve(kind.write(subject)));
    const sent = sims.firewall.requests.slice(requestsBefore).filter((request) => request.method === kind.method && kind.path.test(apiPath(request.path)));
    expect({ kind: kind.name, requests: sent.length, state: newestWrite().state }).toEqual({ kind: kind.name, requests: 1, state: 'queued' });
    sims.firewall.faults.clear();
    await driveUntil(clock, nothingWaits);
  }
});
