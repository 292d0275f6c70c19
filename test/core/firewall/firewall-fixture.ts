// A firewall workspace as the app builds it (createAppServices), against the simulator over real
// HTTPS, a real SQLite file and a fake clock shared with the simulator; one firewall profile per call.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Agent } from 'undici';
import { createAppServices, type AppServices } from '../../../src-main/core/app-services.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { OpsDeskApi } from '../../../src-preload/contract/index.ts';
import type { Simulators } from '../../sim/index.ts';
import { call, trustingAgent, type Json } from '../../sim/test-helpers.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import type { FakeClock } from '../../support/fake-clock.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';

export interface Workspace {
  services: AppServices;
  api: OpsDeskApi;
  platform: RecordingPlatform;
  dataDir: string;
  close(): Promise<void>;
}

let profileNumber = 0;

export async function openWorkspace(clock: FakeClock, options: { dataDir?: string; backgroundSync?: boolean; keyStore?: SessionKeyStore } = {}): Promise<Workspace> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'opsdesk-firewall-')));
  const platform = new RecordingPlatform();
  const services = await createAppServices({
    dataDir,
    keyStore: options.keyStore ?? new SessionKeyStore('test'),
    platform,
    logSink: () => {},
    clock,
    backgroundSync: options.backgroundSync ?? false,
  });
  return {
    services,
    api: bridgeInProcess(services),
    platform,
    dataDir,
    async close() {
      await services.dispose();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A firewall profile for the simulator; a high call rate unless a test says otherwise. */
export async function addFirewallProfile(
  workspace: Workspace,
  sims: Simulators,
  options: { apiKey?: string; rate?: { requests: number; windowSeconds: number }; backfillDays?: number } = {},
): Promise<string> {
  const { id } = await workspace.services.profiles.save({
    service: 'firewall',
    name: `Firewall ${++profileNumber}`,
    baseUrl: sims.firewall.url,
    apiKey: options.apiKey ?? sims.firewall.addKey({ role: 'operations', rate: { requests: 100_000, windowSeconds: 60 } }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 10_000, streamIdleMs: 5_000 },
    settings: { rateLimit: options.rate ?? { requests: 10_000, windowSeconds: 60 } },
  });
  workspace.services.firewall.syncSettings.save(id, { intervalSeconds: 60, backfillDays: options.backfillDays ?? 365, retentionDays: 3650, retentionRows: 5_000_000 });
  return id;
}

/** Every alert id the simulator lists, read page by page with a key of its own. */
export async function simulatorAlertIds(sims: Simulators, query = ''): Promise<string[]> {
  const agent: Agent = trustingAgent(sims.ca.certPem);
  const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 100_000, windowSeconds: 60 } });
  const ids: string[] = [];
  try {
    for (let page = 1; ; page++) {
      const res = await call(agent, `${sims.firewall.url}/alerts?page=${page}&page_size=500${query}`, { headers: { authorization: `Bearer ${key}` } });
      const items = res.json.items as Json[];
      ids.push(...items.map((item) => item.id as string));
      if (items.length < 500) return ids;
    }
  } finally {
    await agent.close();
  }
}

export function cachedAlertIds(services: AppServices, profileId: string): string[] {
  return (services.db.prepare('SELECT id FROM firewall_alerts WHERE profile_key = (SELECT key FROM firewall_profile_keys WHERE profile_id = ?) ORDER BY id DESC').all(profileId) as { id: string }[]).map((row) => row.id);
}

export const sorted = (ids: string[]) => [...ids].sort().reverse();
