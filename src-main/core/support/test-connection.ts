import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { explainFirstCallFailure } from '../wire/first-call.ts';
import { summariseDescription, type SupportClient } from './client.ts';

type SupportConnectionSummary = Extract<ConnectionSummary, { service: 'support' }>;

/**
 * Reads the meta endpoint; rejects with a ServiceFailure saying exactly what failed. A server that
 * ignored the site where OpsDesk sent it answers for the key's own site: that is `wrong_site` too.
 */
export async function testSupportConnection(client: SupportClient): Promise<SupportConnectionSummary> {
  const meta = await client.getMeta().catch((error: unknown) => {
    throw explainFirstCallFailure(error, 'https://support.example.com (OpsDesk adds /api/open/v1)');
  });
  const { description, siteRoute } = await client.describeServer();
  if (client.site !== undefined && meta.site !== undefined && meta.site !== client.site) {
    throw new ServiceFailure(
      serviceError({
        service: 'support',
        status: 200,
        code: 'wrong_site',
        params: { context: 'answered_for', answeredFor: meta.site, expected: client.site, placement: siteRoute.in, name: siteRoute.name },
        retryable: false,
      }),
    );
  }
  const channels: Record<string, boolean> = {};
  for (const site of meta.sites) if (site.apiChannel !== undefined) channels[site.id] = site.apiChannel;
  return {
    service: 'support',
    site: meta.site ?? client.site ?? '',
    sites: meta.sites.map((site) => site.id),
    channels,
    scopes: meta.scopes,
    ...(meta.keyEnv ? { keyEnv: meta.keyEnv } : {}),
    ...(meta.keyType ? { keyType: meta.keyType } : {}),
    siteSentAs: siteRoute,
    ...(description ? { described: summariseDescription(description, siteRoute) } : {}),
  };
}
