// Where a request carries the support site. support.md does not say ("path, parameter or header:
// not shown"), so the profile may say, else the server's /openapi.json, else our X-SVC-Site header.
import type { SitePlacement, BackEndSettings } from '../../../src-shared/contract/profiles.ts';
import type { HttpRequest } from '../http/client.ts';
import type { ApiDescription } from '../wire/openapi.ts';

export interface SiteRoute {
  in: SitePlacement;
  /** Header or query parameter name; for `path`, the prefix with its placeholder (`/sites/{site_id}`). */
  name: string;
  learnedFrom: 'server' | 'profile' | 'default';
}

export const DEFAULT_SITE_NAMES: Readonly<Record<SitePlacement, string>> = {
  header: 'X-SVC-Site',
  query: 'site',
  path: '/sites/{site}',
};

/** `site`, `site_id`, `siteId`, `X-SVC-Site`, `X-Site-Id`: the names a server gives the site. */
const SITE_NAME = /^(x-([a-z]+-)?)?site([_-]?id)?$/i;
const SITE_IN_PATH = /\{(site(?:[_-]?id)?)\}/i;

/** Where the description puts the site, by the parameter most of its operations declare. */
export function siteRouteIn(description: ApiDescription): SiteRoute | undefined {
  const votes = new Map<string, { route: SiteRoute; count: number }>();
  const vote = (placement: SitePlacement, name: string) => {
    const key = `${placement} ${name.toLowerCase()}`;
    const entry = votes.get(key) ?? { route: { in: placement, name, learnedFrom: 'server' }, count: 0 };
    entry.count++;
    votes.set(key, entry);
  };
  for (const operation of description.operations) {
    const inPath = SITE_IN_PATH.exec(operation.path);
    if (inPath) {
      vote('path', operation.path.slice(0, inPath.index + inPath[0].length));
      continue;
    }
    const parameter = operation.parameters.find((candidate) => candidate.in !== 'path' && SITE_NAME.test(candidate.name));
    if (parameter) vote(parameter.in, parameter.name);
  }
  return [...votes.values()].sort((a, b) => b.count - a.count)[0]?.route;
}

/** The profile's choice first, then what the server described, then the default. */
export function chooseSiteRoute(settings: Pick<BackEndSettings['support'], 'siteIn' | 'siteParameter'>, described: SiteRoute | undefined): SiteRoute {
  const chosen = settings.siteIn;
  if (chosen && chosen !== 'auto') {
    return { in: chosen, name: settings.siteParameter?.trim() || DEFAULT_SITE_NAMES[chosen], learnedFrom: 'profile' };
  }
  return described ?? { in: 'header', name: DEFAULT_SITE_NAMES.header, learnedFrom: 'default' };
}

/** The request with the site where the route says. */
export function withSite(request: HttpRequest, site: string, route: SiteRoute): HttpRequest {
  switch (route.in) {
    case 'header':
      return { ...request, headers: { ...request.headers, [route.name]: site } };
    case 'query':
      return { ...request, query: { ...request.query, [route.name]: site } };
    case 'path':
      return { ...request, path: `${route.name.replace(/\{[^}]*\}/, encodeURIComponent(site))}${request.path}` };
  }
}

/** An operation's path without the site prefix, as support.md writes it. */
export function withoutSitePrefix(path: string, route: SiteRoute): string {
  if (route.in !== 'path') return path;
  const prefix = route.name.replace(/\{[^}]*\}$/, '');
  const rest = path.startsWith(prefix) ? path.slice(prefix.length).replace(/^[^/]*/, '') : path;
  return rest === '' ? '/' : rest;
}
