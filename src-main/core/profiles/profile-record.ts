import type { ProxyInput, ServiceName, ServiceSettings, Timeouts } from '../../../src-preload/contract/profiles.ts';
import type { TrustSettings } from '../http/types.ts';

/** A profile as main keeps it: everything but the key, which only the keychain holds. */
export interface ProfileRecord {
  id: string;
  service: ServiceName;
  name: string;
  baseUrl: string;
  trust: TrustSettings;
  timeouts: Timeouts;
  proxy: ProxyInput;
  settings: ServiceSettings[ServiceName];
  keyHint: string | null;
  live: boolean;
  createdAt: string;
  updatedAt: string;
}

export const defaultTimeouts: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 60_000,
  streamIdleMs: 60_000,
};
