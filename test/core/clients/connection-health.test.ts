// Connection health: every call through a profile's client says whether its back end answered.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { ConnectionHealthTracker } from '../../../src-main/core/clients/connection-health.ts';
import { HealthRepository } from '../../../src-main/core/clients/health-repository.ts';
import { openDatabase } from '../../../src-main/core/db/database.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { ConnectionHealth, ParsedProfileInput } from '../../../src-shared/contract/profiles.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { freePort } from '../../support/free-port.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices } from '../../support/test-services.ts';

let sims: Simulators;
let dataDir: string;
const keyStore = new SessionKeyStore('test');
const open = async () => (await openTestServices({ dataDir, keyStore })).services;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-health-'));
});
afterAll(async () => {
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
});

const firewall = (name: string, apiKey = sims.firewall.keys.readOnly): ParsedProfileInput => ({
  service: 'firewall',
  name,
  baseUrl: sims.firewall.url,
  apiKey,
  trust: { mode: 'ca-only', caPem: sims.ca.certPem },
  timeouts: { connectMs: 2_000, headersMs: 3_000, bodyMs: 3_000, streamIdleMs: 3_000 },
  settings: { rateLimit: { requests: 100, windowSeconds: 1 } },
});

async function withServices(run: (services: AppServices, heard: ConnectionHealth[]) => Promise<void>): Promise<void> {
  const services = await open();
  const heard: ConnectionHealth[] = [];
  const api = bridgeInProcess(services);
  await api.profiles.onHealthChanged((health) => heard.push(health));
  try {
    await run(services, heard);
  } finally {
    await services.dispose();
  }
}

describe('connection health', () => {
  test('any call, not only a test, marks the back end reachable, tells the window, and the time survives a restart', async () => {
    let reachedAt: string | null = null;
    let profileId = '';
    await withServices(async (services, heard) => {
      profileId = (await services.profiles.save(firewall('Reached'))).id;
      expect(services.health.of(profileId)).toMatchObject({ state: 'unknown', lastReachedAt: null, lastCheckedAt: null });
      await services.clients.clientFor(profileId, 'firewall').getSystemStatus();
      const health = services.health.of(profileId);
      expect(health).toMatchObject({ state: 'reachable' });
      expect(health.lastReachedAt).toBe(health.lastCheckedAt);
      expect(heard.at(-1)).toEqual(health);
      reachedAt = health.lastReachedAt;
    });
    await withServices(async (services) => {
      const api = bridgeInProcess(services);
      const listed = await api.profiles.health();
      expect(listed.ok && listed.data.find((health) => health.profileId === profileId)).toEqual({
        profileId,
        state: 'unknown',
        lastReachedAt: reachedAt,
        lastCheckedAt: null,
      });
    });
  });

  test('a refusal (4xx) means the server answered: reachable', async () => {
    await withServices(async (services) => {
      const { id } = await services.profiles.save(firewall('Expired key', sims.firewall.keys.expired));
      await expect(services.clients.testConnection(id)).rejects.toMatchObject({ serviceError: { code: 'key_expired' } });
      expect(services.health.of(id).state).toBe('reachable');
    });
  });

  test('a 5xx answer makes it unreachable with the reason, keeping when it was last reached', async () => {
    await withServices(async (services, heard) => {
      const { id } = await services.profiles.save(firewall('Failing'));
      const client = services.clients.clientFor(id, 'firewall');
      await client.getSystemStatus();
      const reachedAt = services.health.of(id).lastReachedAt;
      // A Retry-After beyond the retry budget ends the retries at once.
      sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 503, retryAfterSeconds: 600, times: 1 });
      await expect(client.getSystemStatus()).rejects.toMatchObject({ serviceError: { code: 'service_unavailable' } });
      sims.firewall.faults.clear();
      const health = services.health.of(id);
      expect(health).toMatchObject({ state: 'unreachable', lastReachedAt: reachedAt, error: { code: 'service_unavailable', status: 503, service: 'firewall' } });
      expect(heard.at(-1)).toEqual(health);
    });
  });

  test('a back end that is not there makes it unreachable with the network reason', async () => {
    await withServices(async (services) => {
      const { id } = await services.profiles.save({ ...firewall('Nobody home'), baseUrl: `https://127.0.0.1:${await freePort()}/api/v1` });
      await expect(services.clients.clientFor(id, 'firewall').getSystemStatus()).rejects.toMatchObject({
        serviceError: { code: 'connection_refused' },
      });
      expect(services.health.of(id)).toMatchObject({ state: 'unreachable', lastReachedAt: null, error: { code: 'connection_refused' } });
    });
  });

  test('a 503 on one write while reads answer is degraded (the appliance refused a change), not unreachable; a write taken ends it', async () => {
    await withServices(async (services) => {
      const { id } = await services.profiles.save(firewall('Refusing writes', sims.firewall.keys.operations));
      const client = services.clients.clientFor(id, 'firewall');
      await client.getSystemStatus();
      const block = { method: 'POST', path: '/blocklist', body: { ip: '198.51.100.77', duration: 3600, reason: 'health test' } } as const;
      // A Retry-After beyond the retry budget ends the retries at once.
      sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, retryAfterSeconds: 600, times: 1 });
      await expect(client.request(block)).rejects.toMatchObject({ serviceError: { status: 503 } });
      expect(services.health.of(id)).toMatchObject({ state: 'degraded', refusedChange: { error: { status: 503 } } });
      await client.getSystemStatus();
      expect(services.health.of(id).state, 'reads answering say nothing of writes').toBe('degraded');
      await client.request(block);
      expect(services.health.of(id)).toMatchObject({ state: 'reachable' });
      expect(services.health.of(id).refusedChange).toBeUndefined();
    });
  });

  test("a model's answer failing with a 5xx is the gateway failing, not a change it refused: unreachable", async () => {
    await withServices(async (services) => {
      const { id } = await services.profiles.save({
        service: 'gateway',
        name: 'Failing gateway',
        baseUrl: sims.gateway.url,
        apiKey: sims.gateway.keys.demo,
        trust: { mode: 'ca-only', caPem: sims.ca.certPem },
        settings: { rateTier: 600 },
      });
      const { openai } = services.clients.clientFor(id, 'gateway');
      sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 503, retryAfterSeconds: 600, times: 1 });
      await expect(openai.chat.completions.create({ model: 'qwen-max', messages: [{ role: 'user', content: 'hello' }] }, { maxRetries: 0 })).rejects.toThrow();
      expect(services.health.of(id)).toMatchObject({ state: 'unreachable', error: { status: 503 } });
    });
  });

  test('a refused connection turns the state at once, before the retries meant for a server that restarts', async () => {
    const clock = new FakeClock();
    const { services, dispose } = await openTestServices({ dataDir: await mkdtemp(path.join(dataDir, 'refused-')), keyStore, clock });
    try {
      const { id } = await services.profiles.save({ ...firewall('Gone at once'), baseUrl: `https://127.0.0.1:${await freePort()}/api/v1` });
      // The fake clock stands still: the call waits for its first retry, which never comes.
      services.clients.clientFor(id, 'firewall').getSystemStatus().catch(() => {});
      await expect.poll(() => services.health.of(id)).toMatchObject({ state: 'unreachable', error: { code: 'connection_refused' } });
    } finally {
      await dispose();
    }
  });

  test('an edited profile starts again from what is stored', async () => {
    await withServices(async (services) => {
      const saved = await services.profiles.save(firewall('Edited'));
      await services.clients.clientFor(saved.id, 'firewall').getSystemStatus();
      const reachedAt = services.health.of(saved.id).lastReachedAt;
      await services.profiles.save({ ...firewall('Edited'), id: saved.id });
      expect(services.health.of(saved.id)).toMatchObject({ state: 'unknown', lastReachedAt: reachedAt });
    });
  });

  test('while a back end keeps answering, its time is written every 30 s and on close, not on every call', async () => {
    const answered = { kind: 'answered', tookChange: false } as const;
    const db = openDatabase(path.join(dataDir, 'health-writes.sqlite'));
    try {
      insertProfileRow(db, 'fw', 'firewall');
      const repository = new HealthRepository(db);
      const clock = new FakeClock(Date.parse('2026-11-22T10:00:00.000Z'));
      const tracker = new ConnectionHealthTracker(repository, clock);
      tracker.report('fw', answered);
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:00.000Z');
      await clock.advance(10_000);
      tracker.report('fw', answered);
      expect(tracker.of('fw').lastReachedAt).toBe('2026-11-22T10:00:10.000Z');
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:00.000Z');
      await clock.advance(25_000);
      tracker.report('fw', answered);
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:35.000Z');
      await clock.advance(5_000);
      tracker.report('fw', answered);
      tracker.dispose();
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:40.000Z');
    } finally {
      db.close();
    }
  });
});

describe('one connection state per profile', () => {
  const at = (clock: FakeClock) => new Date(clock.now()).toISOString();
  const notReached = { kind: 'not-reached', error: { code: 'connection_refused', service: 'firewall', message: 'm', hint: 'h', retryable: true } } as const;
  const refusedChange = { kind: 'refused-change', error: { code: 'service_unavailable', status: 503, service: 'firewall', message: 'm', hint: 'h', retryable: true } } as const;
  const read = { kind: 'answered', tookChange: false } as const;
  const writeTaken = { kind: 'answered', tookChange: true } as const;

  async function withTracker(run: (tracker: ConnectionHealthTracker, clock: FakeClock) => Promise<void>): Promise<void> {
    const db = openDatabase(path.join(await mkdtemp(path.join(dataDir, 'state-')), 'health.sqlite'));
    insertProfileRow(db, 'fw', 'firewall');
    const clock = new FakeClock(Date.parse('2026-11-22T10:00:00.000Z'));
    const tracker = new ConnectionHealthTracker(new HealthRepository(db), clock);
    try {
      await run(tracker, clock);
    } finally {
      tracker.dispose();
      db.close();
    }
  }

  test('unreachable since the first call that did not reach it; later failures keep that time; a success anywhere ends it', async () => {
    await withTracker(async (tracker, clock) => {
      tracker.report('fw', read);
      const reachedAt = at(clock);
      await clock.advance(20_000);
      const downAt = at(clock);
      tracker.report('fw', notReached);
      await clock.advance(20_000);
      tracker.report('fw', notReached);
      expect(tracker.of('fw')).toMatchObject({ state: 'unreachable', unreachableSince: downAt, lastReachedAt: reachedAt, lastCheckedAt: at(clock), error: { code: 'connection_refused' } });
      await clock.advance(5_000);
      tracker.report('fw', read);
      const health = tracker.of('fw');
      expect(health).toMatchObject({ state: 'reachable', lastReachedAt: at(clock) });
      expect(health.error, 'the old failure is gone with the spell').toBeUndefined();
      expect(health.unreachableSince).toBeUndefined();
    });
  });

  test('a write refused with a 5xx is degraded while reads answer; a write taken ends it; a call not reached makes it unreachable', async () => {
    await withTracker(async (tracker, clock) => {
      tracker.report('fw', read);
      tracker.report('fw', refusedChange);
      const refusedAt = at(clock);
      await clock.advance(10_000);
      tracker.report('fw', read);
      expect(tracker.of('fw')).toMatchObject({ state: 'degraded', lastReachedAt: at(clock), refusedChange: { at: refusedAt, error: { status: 503 } } });
      tracker.report('fw', writeTaken);
      expect(tracker.of('fw').state).toBe('reachable');
      tracker.report('fw', refusedChange);
      tracker.report('fw', notReached);
      expect(tracker.of('fw')).toMatchObject({ state: 'unreachable' });
      tracker.report('fw', read);
      expect(tracker.of('fw').state, 'the spell away ended the refusal with it').toBe('reachable');
    });
  });

  test("a back end's clock more than a minute off is said, kept between answers without a date; one within a minute is not", async () => {
    await withTracker(async (tracker, clock) => {
      tracker.report('fw', { ...read, serverTime: clock.now() + 12 * 60_000 });
      expect(tracker.of('fw').clockAheadMs).toBe(12 * 60_000);
      tracker.report('fw', read);
      expect(tracker.of('fw').clockAheadMs).toBe(12 * 60_000);
      tracker.report('fw', { ...read, serverTime: clock.now() - 900 });
      expect(tracker.of('fw').clockAheadMs).toBeUndefined();
    });
  });
});
