import type { SupportClient } from './client.ts';

export interface SupportConnectionSummary {
  service: 'support';
  /** The site the call ran for. */
  site: string;
  /** Ids of the sites the server lists. */
  sites: string[];
  /** Site id → whether its open API channel is on (off: every call but meta fails). */
  channels: Record<string, boolean>;
  /** The key's scopes. */
  scopes: string[];
  keyEnv?: string;
  keyType?: string;
}

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
