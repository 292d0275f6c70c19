import type { ConnectionSummary } from '../../../src-shared/contract/profiles.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { explainFirstCallFailure } from '../wire/first-call.ts';
import { summariseDescription, type SupportClient, type SupportMeta } from './client.ts';

type SupportConnectionSummary = Extract<ConnectionSummary, { service: 'support' }>;

/**
 * Whether /meta says it answered for the profile's site (by its id or, where the server lists it,
 * its name); a server that does not say which site it answered for cannot be caught.
 */
export function answeredForSite(meta: SupportMeta, profileSite: string): boolean {
  // A profile that names no site yet is answered for the key's own.
  if (meta.site === undefined || !profileSite) return true;
  const listed = meta.sites.find((site) => site.id === meta.site || site.name === meta.site);
  return [meta.site, listed?.id, listed?.name].includes(profileSite);
}

/**
 * Reads the meta endpoint; rejects with a ServiceFailure saying exactly what failed. A server that
 * ignored the site where OpsDesk sent it answers for the key's own site: that is `wrong_site` too.
 */
export async function testSupportConnection(client: SupportClient): Promise<SupportConnectionSummary> {
  const meta = await client.getMeta().catch((error: unknown) => {
    throw explainFirstCallFailure(error, 'https://support.example.com');
  });
  const { description, siteRoute } = await client.describeServer();
  if (client.site !== undefined && !answeredForSite(meta, client.site)) {
    throw new ServiceFailure(serviceError({
      service: 'support',
      status: 200,
      code: 'wrong_site',
      params: { context: 'answered_for', answered: meta.site ?? '', site: client.site, sentIn: siteRoute.name },
      retryable: false,
    }));
  }
  const channels: Record<string, boolean> = {};
  for (const site of meta.sites) if (site.apiChannel !== undefined) channels[site.id] = site.apiChannel;
  return {
    service: 'support',
    site: meta.site ?? client.site ?? '',
    sites: meta.sites.map((site) => site.id),
    channels,
    ...(meta.channels ? { siteChannels: meta.channels } : {}),
    scopes: meta.scopes,
    ...(meta.keyEnv ? { keyEnv: meta.keyEnv } : {}),
    ...(meta.keyType ? { keyType: meta.keyType } : {}),
    siteSentAs: siteRoute,
    ...(description ? { described: summariseDescription(description, siteRoute) } : {}),
  };
}
