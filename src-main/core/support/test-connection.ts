import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import type { SupportClient } from './client.ts';

type SupportConnectionSummary = Extract<ConnectionSummary, { service: 'support' }>;

/** Reads the meta endpoint; rejects with a ServiceFailure saying exactly what failed. */
export async function testSupportConnection(client: SupportClient): Promise<SupportConnectionSummary> {
  const meta = await client.getMeta();
  const channels: Record<string, boolean> = {};
  for (const site of meta.sites) if (site.apiChannel !== undefined) channels[site.id] = site.apiChannel;
  return {
    service: 'support',
    site: meta.site ?? '',
    sites: meta.sites.map((site) => site.id),
    channels,
    scopes: meta.scopes,
    ...(meta.keyEnv ? { keyEnv: meta.keyEnv } : {}),
    ...(meta.keyType ? { keyType: meta.keyType } : {}),
  };
}
