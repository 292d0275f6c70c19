import type { ProxyInput, BackEnd, BackEndSettings, Timeouts } from '../../../src-shared/contract/profiles.ts';
import type { TrustSettings } from '../http/types.ts';

interface ProfileFields {
  id: string;
  name: string;
  baseUrl: string;
  trust: TrustSettings;
  timeouts: Timeouts;
  proxy: ProxyInput;
  keyHint: string | null;
  live: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A profile of one back end, its settings typed for that back end. */
export type ProfileOf<Service extends BackEnd> = ProfileFields & { service: Service; settings: BackEndSettings[Service] };

/** A profile as main keeps it: everything but the key, which only the keychain holds. */
export type ProfileRecord = { [Service in BackEnd]: ProfileOf<Service> }[BackEnd];

export function isProfileOf<Service extends BackEnd>(record: ProfileRecord, service: Service): record is ProfileOf<Service> & ProfileRecord {
  return record.service === service;
}

export const defaultTimeouts: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 60_000,
  streamIdleMs: 60_000,
};
