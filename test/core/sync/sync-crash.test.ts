// The process running sync is killed mid-walk (SIGKILL: no cleanup runs) and started again: the
// next sync resumes where the dead one stopped, and the cache holds the appliance's alerts exactly.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, cachedAlertIds, openWorkspace, simulatorAlertIds, sorted } from '../firewall/firewall-fixture.ts';

let sims: Simulators;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 6_000 });
});
afterAll(async () => {
  await sims.close();
});

function startSyncProcess(dataDir: string, profileId: string, key: string): { child: ChildProcess; lines: string[] } {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./sync-process.ts', import.meta.url)), dataDir, profileId], {
    env: { ...process.env, OPSDESK_TEST_FIREWALL_KEY: key },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  return { child, lines };
}

function committedNextPage(dataDir: string, profileId: string): number {
  const db = new Database(path.join(dataDir, 'opsdesk.sqlite'), { readonly: true });
  try {
    return db.prepare<[string], number | null>("SELECT next_page FROM sync_state WHERE profile_id = ? AND resource = 'alerts'").pluck().get(profileId) ?? 1;
  } finally {
    db.close();
  }
}

const alertRequests = () => sims.firewall.requests.filter((request) => request.path === '/api/v1/alerts');

test('a sync process killed mid-walk resumes after a restart; the cache ends exact, nothing lost or twice', async () => {
  const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 100_000, windowSeconds: 60 } });
  const keyStore = new SessionKeyStore('test');
  const clock = new FakeClock();
  const setup = await openWorkspace(clock, { keyStore });
  const profileId = await addFirewallProfile(setup, sims, { apiKey: key });
  const dataDir = setup.dataDir;
  await setup.services.dispose();

  // The appliance answers slowly until two pages are stored (the walk's position, committed with
  // their rows, is past them); then it stalls: the process is killed while it waits.
  sims.firewall.faults.add({ path: '/alerts', kind: 'delay', ms: 300 });
  const { child, lines } = startSyncProcess(dataDir, profileId, key);
  await vi.waitFor(() => {
    expect(committedNextPage(dataDir, profileId)).toBeGreaterThanOrEqual(3);
  }, { timeout: 20_000, interval: 20 });
  sims.firewall.faults.clear();
  sims.firewall.faults.add({ path: '/alerts', kind: 'delay', ms: 60_000 });
  const stalledFrom = alertRequests().length;
  await vi.waitFor(() => {
    expect(alertRequests().length).toBeGreaterThan(stalledFrom);
  }, { timeout: 20_000, interval: 20 });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(lines).not.toContain('done');
  sims.firewall.faults.clear();
  sims.firewall.addAlerts(120);

  const restarted = await openWorkspace(clock, { dataDir, keyStore });
  try {
    // The killed backfill had dropped the address and signature indexes to build them after its
    // rows: the database worker brings them back as it starts.
    await restarted.services.worker.start();
    const indexes = restarted.services.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('firewall_alerts_by_source', 'firewall_alerts_by_destination', 'firewall_alerts_by_signature') ORDER BY name").pluck().all();
    expect(indexes).toEqual(['firewall_alerts_by_destination', 'firewall_alerts_by_signature', 'firewall_alerts_by_source']);
    const after = alertRequests().length;
    await restarted.services.firewall.syncNow(profileId);
    const resumedAt = Number(new URLSearchParams(alertRequests()[after]!.query).get('page'));
    expect(resumedAt).toBeGreaterThan(1);
    // The alerts that arrived meanwhile come with the next sync, which stops where this one began.
    await restarted.services.firewall.syncNow(profileId);
    const cached = cachedAlertIds(restarted.services, profileId);
    expect(new Set(cached).size).toBe(cached.length);
    expect(sorted(cached)).toEqual(sorted(await simulatorAlertIds(sims)));
  } finally {
    await restarted.close();
  }
});
