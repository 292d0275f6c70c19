// What a back end's folder tells the rest of main about it: the only place a back end is named.
import type { ConnectionSummary, BackEnd, BackEndSettings } from '../../../src-shared/contract/profiles.ts';
import type { Logger } from '../log/logger.ts';
import type { HttpClientOptions } from './client.ts';
import type { ErrorDialect } from './error-dialect.ts';
import type { ApiKeyProvider, ConnectionSettings } from './types.ts';

/** The parts of a profile a client is opened from. */
export interface ClientProfile<Service extends BackEnd> extends Omit<ConnectionSettings, 'dialect' | 'rateLimit' | 'maxResponseBytes'> {
  settings: BackEndSettings[Service];
  maxResponseBytes: number;
}

export interface Closable {
  close(): Promise<void>;
}

export interface Connector<Service extends BackEnd, Client extends Closable> {
  readonly service: Service;
  readonly dialect: ErrorDialect;
  /** The address as it is stored and shown; opening a client accepts any form the user may type. */
  normaliseBaseUrl(raw: string): string;
  /** A production key, shown with a LIVE badge wherever the profile is used. */
  isLiveKey(key: string): boolean;
  /** What the server allows this key; OpsDesk stays under it. */
  rateLimit(settings: BackEndSettings[Service]): ConnectionSettings['rateLimit'];
  open(profile: ClientProfile<Service>, getApiKey: ApiKeyProvider, logger: Logger, options?: HttpClientOptions): Client;
  /** One cheap authenticated call; rejects with a ServiceFailure saying exactly what failed. */
  test(client: Client): Promise<Extract<ConnectionSummary, { service: Service }>>;
  /** Its cheapest authenticated read: while a view is open and nothing else calls, it keeps the connection state fresh. */
  readHealth?(client: Client): Promise<unknown>;
  /** Every call asks a question (a model's answer) and none changes anything: a 5xx to one is the back end failing, never a change refused. */
  changesNothing?: true;
}

/** The generic part of every base address: no query, fragment or trailing slash. */
export function canonicalUrl(raw: string, shapePath: (path: string) => string = (path) => path): string {
  const url = new URL(raw.trim());
  url.hash = '';
  url.search = '';
  url.pathname = shapePath(url.pathname.replace(/\/+$/, '')) || '/';
  return url.href.replace(/\/$/, '');
}

/** The settings the HTTP core needs, from a profile and its back end's connector. */
export function connectionSettingsFor<Service extends BackEnd>(
  connector: Pick<Connector<Service, Closable>, 'dialect' | 'rateLimit'>,
  profile: ClientProfile<Service>,
  baseUrl: string,
): ConnectionSettings {
  return {
    dialect: connector.dialect,
    baseUrl,
    trust: profile.trust,
    timeouts: profile.timeouts,
    proxy: profile.proxy,
    rateLimit: connector.rateLimit(profile.settings),
    maxResponseBytes: profile.maxResponseBytes,
  };
}
