import { canonicalUrl } from '../http/connector.ts';

export const SUPPORT_API_PATH = '/api/open/v1';

/** The site's root is stored; an address typed with the API path loses it, and the client adds it back. */
export function normaliseSupportBaseUrl(raw: string): string {
  return canonicalUrl(raw, (path) => (path.endsWith(SUPPORT_API_PATH) ? path.slice(0, -SUPPORT_API_PATH.length) : path));
}
