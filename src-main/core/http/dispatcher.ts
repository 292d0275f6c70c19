// The profile's one undici dispatcher: a keep-alive pool per origin with the profile's trust and
// timeouts, reached directly or through a proxy.
import { Agent, Dispatcher, EnvHttpProxyAgent, ProxyAgent } from 'undici';
import type { ResolveProxy } from '../platform.ts';
import { allowsSessionResumption, tlsOptionsFor } from './trust.ts';
import type { ConnectionSettings } from './types.ts';

const KEEP_ALIVE_MS = 30_000;
const CONNECTIONS_PER_ORIGIN = 16;

type AgentOptions = ConstructorParameters<typeof Agent>[0] & object;

/**
 * The first way in a PAC-style answer ("PROXY host:port; DIRECT") that OpsDesk takes, as a proxy
 * URL or 'direct'. SOCKS entries are passed over: a SOCKS tunnel would need its own TLS settings.
 */
export function proxyRouteOf(answer: string): string | 'direct' | null {
  for (const entry of answer.split(';').map((part) => part.trim().split(/\s+/))) {
    const [kind, hostPort] = [entry[0]?.toUpperCase(), entry[1]];
    if (kind === 'DIRECT') return 'direct';
    if (!hostPort) continue;
    if (kind === 'PROXY') return `http://${hostPort}`;
    if (kind === 'HTTPS') return `https://${hostPort}`;
  }
  return null;
}

/**
 * HTTPS_PROXY (else HTTP_PROXY) unless NO_PROXY names the host, read as undici's EnvHttpProxyAgent
 * reads them; for the certificate probe, which opens its tunnel itself and so cannot use that agent.
 */
function environmentRouteFor(url: URL): string | 'direct' {
  const { env } = process;
  const proxy = env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY;
  if (!proxy) return 'direct';
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  for (const entry of (env.no_proxy ?? env.NO_PROXY ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean)) {
    const [, name = '', entryPort] = /^(.*?)(?::(\d+))?$/.exec(entry) ?? [];
    if (entryPort && entryPort !== port) continue;
    if (name === '*') return 'direct';
    const wildcard = name.startsWith('*.');
    const domain = name.replace(/^\*?\./, '');
    if ((!wildcard && host === domain) || host.endsWith(`.${domain}`)) return 'direct';
  }
  return proxy;
}

/** The way a request to `url` goes under the profile's proxy settings: 'direct' or a proxy URL. */
export async function proxyRouteFor(proxy: ConnectionSettings['proxy'], url: URL, resolveProxy?: ResolveProxy): Promise<string | 'direct'> {
  switch (proxy.mode) {
    case 'none':
      return 'direct';
    case 'explicit':
      if (!proxy.url) throw new Error('the proxy address is missing');
      return proxy.url;
    case 'system': {
      const answer = resolveProxy ? await resolveProxy(`${url.origin}/`).catch(() => null) : null;
      return (answer === null ? null : proxyRouteOf(answer)) ?? environmentRouteFor(url);
    }
  }
}

/**
 * "System" proxy as the operating system decides it for each URL (PAC scripts, per-host rules,
 * network changes), asked anew for every request; where the platform cannot say (plain Node, or
 * an answer undici cannot use) the environment variables decide, as EnvHttpProxyAgent reads them.
 */
class SystemProxyDispatcher extends Dispatcher {
  readonly #resolveProxy: ResolveProxy;
  readonly #options: AgentOptions;
  readonly #routes = new Map<string, Dispatcher>();
  readonly #fromEnvironment: Dispatcher;

  constructor(resolveProxy: ResolveProxy, options: AgentOptions) {
    super();
    this.#resolveProxy = resolveProxy;
    this.#options = options;
    this.#fromEnvironment = new EnvHttpProxyAgent(options);
  }

  #route(route: string | 'direct' | null): Dispatcher {
    if (route === null) return this.#fromEnvironment;
    let dispatcher = this.#routes.get(route);
    if (!dispatcher) {
      dispatcher = route === 'direct' ? new Agent(this.#options) : new ProxyAgent({ ...this.#options, uri: route });
      this.#routes.set(route, dispatcher);
    }
    return dispatcher;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // HTTPS proxy choices depend on the host alone; the path stays out of the question.
    void this.#resolveProxy(`${new URL(String(options.origin)).origin}/`)
      .then((answer) => (answer === null ? null : proxyRouteOf(answer)), () => null)
      .then((route) => this.#route(route).dispatch(options, handler));
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const closing = Promise.all([this.#fromEnvironment, ...this.#routes.values()].map((dispatcher) => dispatcher.close())).then(() => {});
    if (!callback) return closing;
    void closing.then(callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(errorOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const error = typeof errorOrCallback === 'function' ? null : (errorOrCallback ?? null);
    const done = typeof errorOrCallback === 'function' ? errorOrCallback : callback;
    const destroying = Promise.all([this.#fromEnvironment, ...this.#routes.values()].map((dispatcher) => dispatcher.destroy(error))).then(() => {});
    if (!done) return destroying;
    void destroying.then(done);
  }
}

export function createDispatcher(settings: ConnectionSettings, resolveProxy?: ResolveProxy): Dispatcher {
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
      return resolveProxy ? new SystemProxyDispatcher(resolveProxy, common) : new EnvHttpProxyAgent(common);
    case 'explicit':
      if (!settings.proxy.url) throw new Error('the proxy address is missing');
      return new ProxyAgent({ ...common, uri: settings.proxy.url });
  }
}
