import { canonicalUrl } from '../http/connector.ts';

/** The address as typed keeps its path (with or without /v1); the client adds /v1 when missing. */
export function normaliseGatewayBaseUrl(raw: string): string {
  return canonicalUrl(raw);
}
