// The connection profiles the app imports to talk to running simulators (cli.ts --write-demo-profiles).
import { chmod, writeFile } from 'node:fs/promises';
import { FIREWALL_DEFAULT_RATE } from './firewall.ts';
import { GATEWAY_TIER_LIMITS } from './gateway.ts';
import { SUPPORT_PLAIN_SITE_IDS } from './support.ts';
import type { Simulators } from './index.ts';

export interface DemoProfile {
  service: 'gateway' | 'support' | 'firewall';
  name: string;
  baseUrl: string;
  apiKey: string;
  trust: { mode: 'ca-only'; caPem: string };
  settings: Record<string, unknown>;
}

export function demoProfiles(sims: Simulators): DemoProfile[] {
  const trust = { mode: 'ca-only' as const, caPem: sims.ca.certPem };
  return [
    {
      service: 'gateway', name: 'Simulated model gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, trust,
      settings: { rateTier: GATEWAY_TIER_LIMITS.paid },
    },
    {
      service: 'support', name: 'Simulated support (site-main)', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, trust,
      settings: { site: sims.support.dialect === 'plain' ? String(SUPPORT_PLAIN_SITE_IDS['site-main']) : 'site-main' },
    },
    {
      service: 'firewall', name: 'Simulated firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.demo, trust,
      settings: { rateLimit: { ...FIREWALL_DEFAULT_RATE } },
    },
  ];
}

// The file holds API keys: readable by the owner only, also when it already existed.
export async function writeDemoProfiles(file: string, sims: Simulators): Promise<void> {
  await writeFile(file, `${JSON.stringify({ profiles: demoProfiles(sims) }, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}
