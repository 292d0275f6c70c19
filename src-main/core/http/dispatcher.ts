// The profile's one undici dispatcher: a keep-alive pool per origin with the profile's trust and
// timeouts, reached directly or through a proxy.
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import { allowsSessionResumption, tlsOptionsFor } from './trust.ts';
import type { ConnectionSettings } from './types.ts';

const KEEP_ALIVE_MS = 30_000;
const CONNECTIONS_PER_ORIGIN = 16;

export function createDispatcher(settings: ConnectionSettings): Dispatcher {
  const tls = {
    ...tlsOptionsFor(settings.trust),
    ...(allowsSessionResumption(settings.trust) ? {} : { maxCachedSessions: 0 }),
  };
  const common = {
    connectTimeout: settings.timeouts.connectMs,
    headersTimeout: settings.timeouts.headersMs,
    bodyTimeout: settings.timeouts.streamIdleMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    connections: CONNECTIONS_PER_ORIGIN,
    // A direct connection uses `connect`; through a proxy the tunnelled origin connection uses `requestTls`.
    connect: tls,
    requestTls: tls,
  };
  switch (settings.proxy.mode) {
    case 'none':
      return new Agent(common);
    case 'system':
      return new EnvHttpProxyAgent(common);
    case 'explicit':
      if (!settings.proxy.url) throw new Error('the proxy address is missing');
      return new ProxyAgent({ ...common, uri: settings.proxy.url });
  }
}
