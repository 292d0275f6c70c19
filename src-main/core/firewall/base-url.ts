import { canonicalUrl } from '../http/connector.ts';

/** A bare appliance address gets the API root the doc gives (`/api/v1`); any other path is kept. */
export function normaliseFirewallBaseUrl(raw: string): string {
  return canonicalUrl(raw, (path) => (path === '' ? '/api/v1' : path));
}
