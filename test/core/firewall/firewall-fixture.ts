// A firewall workspace as the app builds it (createAppServices), against the simulator over real
// HTTPS, a real SQLite file and a fake clock shared with the simulator; one firewall profile per call.
import type { Agent } from 'undici';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import type { Simulators } from '../../sim/index.ts';
import { call, trustingAgent, type Json } from '../../sim/test-helpers.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import type { FakeClock } from '../../support/fake-clock.ts';
import type { RecordingPlatform } from '../../support/recording-platform.ts';
import { openTestServices } from '../../support/test-services.ts';

export interface Workspace {
  services: AppServices;
  api: OpsDeskApi;
  platform: RecordingPlatform;
  dataDir: string;
  close(): Promise<void>;
}

let profileNumber = 0;

export async function openWorkspace(clock: FakeClock, options: { dataDir?: string; backgroundSync?: boolean; keyStore?: SessionKeyStore } = {}): Promise<Workspace> {
  const { services, platform, dataDir, dispose } = await openTestServices({ ...options, clock });
  return { services, api: bridgeInProcess(services), platform, dataDir, close: dispose };
}

/** A firewall profile for the simulator; a high call rate unless a test says otherwise. */
export async function addFirewallProfile(
  workspace: Workspace,
  sims: Simulators,
  options: { apiKey?: string; rate?: { requests: number; windowSeconds: number }; backfillDays?: number; headersMs?: number } = {},
): Promise<string> {
  const { id } = await workspace.services.profiles.save({
    service: 'firewall',
    name: `Firewall ${++profileNumber}`,
    baseUrl: sims.firewall.url,
    apiKey: options.apiKey ?? sims.firewall.addKey({ role: 'operations', rate: { requests: 100_000, windowSeconds: 60 } }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: options.headersMs ?? 5_000, bodyMs: 10_000, streamIdleMs: 5_000 },
    settings: { rateLimit: options.rate ?? { requests: 10_000, windowSeconds: 60 } },
  });
  workspace.services.firewall.syncSettings.save(id, { intervalSeconds: 60, backfillDays: options.backfillDays ?? 365, retentionDays: 3650, retentionRows: 5_000_000 });
  return id;
}

/** Every alert id the simulator lists, read page by page with a key of its own. */
export function simulatorAlertIds(sims: Simulators, query = ''): Promise<string[]> {
  return simulatorIds(sims, '/alerts', query);
}

/** Every id the simulator lists at `path`, read page by page with a key of its own. */
export async function simulatorIds(sims: Simulators, path: string, query = ''): Promise<string[]> {
  const agent: Agent = trustingAgent(sims.ca.certPem);
  const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 100_000, windowSeconds: 60 } });
  const ids: string[] = [];
  try {
    for (let page = 1; ; page++) {
      // 100: no dialect's cap is below it; the list ends with an empty page.
      const res = await call(agent, `${sims.firewall.url}${path}?page=${page}&page_size=100${query}`, { headers: { authorization: `Bearer ${key}` } });
      const items = res.json.items as Json[];
      if (items.length === 0) return ids;
      ids.push(...items.map((item) => item.id as string));
    }
  } finally {
    await agent.close();
  }
}

export function cachedAlertIds(services: AppServices, profileId: string): string[] {
  return (services.db.prepare('SELECT id FROM firewall_alerts WHERE profile_key = (SELECT key FROM firewall_profile_keys WHERE profile_id = ?) ORDER BY id DESC').all(profileId) as { id: string }[]).map((row) => row.id);
}

export const sorted = (ids: string[]) => [...ids].sort().reverse();

/** The data of a call that must succeed; a failure throws with its message. */
export function data<T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}
