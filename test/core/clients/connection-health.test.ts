// Connection health: every call through a profile's client says whether its back end answered.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAppServices, type AppServices } from '../../../src-main/core/app-services.ts';
import { ConnectionHealthTracker } from '../../../src-main/core/clients/connection-health.ts';
import { HealthRepository } from '../../../src-main/core/clients/health-repository.ts';
import { openDatabase } from '../../../src-main/core/db/database.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { ConnectionHealth, ParsedProfileInput } from '../../../src-preload/contract/profiles.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { freePort } from '../../support/free-port.ts';
import { insertProfileRow } from '../../support/profile-row.ts';

let sims: Simulators;
let dataDir: string;
const keyStore = new SessionKeyStore('test');
const open = () => createAppServices({ dataDir, keyStore, platform: new RecordingPlatform(), logSink: () => {} });

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
    const db = openDatabase(path.join(dataDir, 'health-writes.sqlite'));
    try {
      insertProfileRow(db, 'fw', 'firewall');
      const repository = new HealthRepository(db);
      let now = Date.parse('2026-11-22T10:00:00.000Z');
      const tracker = new ConnectionHealthTracker(repository, () => new Date(now));
      tracker.report('fw', { reached: true });
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:00.000Z');
      now += 10_000;
      tracker.report('fw', { reached: true });
      expect(tracker.of('fw').lastReachedAt).toBe('2026-11-22T10:00:10.000Z');
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:00.000Z');
      now += 25_000;
      tracker.report('fw', { reached: true });
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:35.000Z');
      now += 5_000;
      tracker.report('fw', { reached: true });
      tracker.dispose();
      expect(repository.lastReachedAt('fw')).toBe('2026-11-22T10:00:40.000Z');
    } finally {
      db.close();
    }
  });
});
