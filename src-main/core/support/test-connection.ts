import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { explainFirstCallFailure } from '../wire/first-call.ts';
import { summariseDescription, type SupportClient } from './client.ts';
import { supportDialect } from './error-dialect.ts';
import type { SiteRoute } from './site-placement.ts';

type SupportConnectionSummary = Extract<ConnectionSummary, { service: 'support' }>;

const routeWords = (route: SiteRoute) =>
  route.in === 'header' ? `the header ${route.name}` : route.in === 'query' ? `the query parameter ${route.name}` : `the path ${route.name}`;

/**
 * Reads the meta endpoint; rejects with a ServiceFailure saying exactly what failed. A server that
 * ignored the site where OpsDesk sent it answers for the key's own site: that is `wrong_site` too.
 */
export async function testSupportConnection(client: SupportClient): Promise<SupportConnectionSummary> {
  const meta = await client.getMeta().catch((error: unknown) => {
    throw explainFirstCallFailure(error, supportDialect, 'https://support.example.com (OpsDesk adds /api/open/v1)');
  });
  const { description, siteRoute } = await client.describeServer();
  if (client.site !== undefined && meta.site !== undefined && meta.site !== client.site) {
    const explanation = supportDialect.explanations.wrong_site!;
    throw new ServiceFailure({
      service: 'support',
      status: 200,
      code: 'wrong_site',
      message: `The support API answered for site '${meta.site}', not for '${client.site}' that this profile names. OpsDesk sent the site in ${routeWords(siteRoute)}.`,
      hint: `${explanation.hint} If the key is bound to '${client.site}', set in the profile how this server takes the site (header, query parameter or path).`,
      retryable: false,
    });
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
