// Requests through an HTTP CONNECT proxy keep the profile's TLS trust end to end.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { probeCertificate, withPresentedCertificate } from '../../../src-main/core/http/certificate-probe.ts';
import { createHttpClient, type HttpClientOptions } from '../../../src-main/core/http/client.ts';
import { startConnectProxy, type ConnectProxy } from '../../support/connect-proxy.ts';
import { proxyRouteOf } from '../../../src-main/core/http/dispatcher.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import type { ConnectionSettings } from '../../../src-main/core/http/types.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { captureLog, failureOf, settingsFor } from './fixtures.ts';

let sims: Simulators;
let proxy: ConnectProxy;
let proxyUrl: string;
let tunnels: string[];
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  // Only the proxy knows where firewall.invalid is, as only a company proxy reaches an internal host.
  proxy = await startConnectProxy((host) => (host === 'firewall.invalid' ? '127.0.0.1' : host));
  ({ url: proxyUrl, tunnels } = proxy);
});

afterAll(async () => {
  await proxy.close();
  await sims.close();
  log.expectNoneOf([sims.firewall.keys.readOnly]);
});

function client(overrides: Partial<ConnectionSettings>, trust: ConnectionSettings['trust'], options: HttpClientOptions = {}) {
  return createHttpClient(settingsFor('firewall', sims.firewall.url, trust, overrides), async () => sims.firewall.keys.readOnly, log.logger, options);
}

const status = { method: 'GET', path: '/system/status' } as const;
const target = () => `127.0.0.1:${sims.firewall.port}`;

it('an explicit proxy carries the request, and the imported CA is still what is trusted', async () => {
  const before = tunnels.length;
  const viaProxy = client({ proxy: { mode: 'explicit', url: proxyUrl } }, { mode: 'ca-only', caPem: sims.ca.certPem });
  expect((await viaProxy.request(status)).status).toBe(200);
  await viaProxy.close();
  expect(tunnels.slice(before)).toEqual([target()]);

  const untrusting = client({ proxy: { mode: 'explicit', url: proxyUrl } }, { mode: 'system' });
  const error = await failureOf(untrusting.request(status));
  await untrusting.close();
  // The handshake alone cannot tell a left-out intermediate from an untrusted issuer.
  expect(error.code).toBe('certificate_chain_incomplete');
  expect(error.message).not.toMatch(/self-signed/);
});

const behindProxy = (proxyRoute: ConnectionSettings['proxy'], resolveProxy?: (url: string) => Promise<string | null>) => ({
  url: new URL(`https://firewall.invalid:${sims.firewall.port}`),
  service: 'firewall' as const,
  timeoutMs: 2_000,
  proxy: proxyRoute,
  ...(resolveProxy ? { resolveProxy } : {}),
});

it('the certificate probe takes the profile\'s proxy, so a host only the proxy reaches can be shown and trusted', async () => {
  const before = tunnels.length;
  const shown = await probeCertificate(behindProxy({ mode: 'explicit', url: proxyUrl }));
  expect(shown.sha256).toBe(sims.firewall.leafSha256);
  expect(tunnels.slice(before)).toEqual([`firewall.invalid:${sims.firewall.port}`]);

  const platform = new RecordingPlatform();
  platform.proxyFor = () => `PROXY ${proxyUrl.slice('http://'.length)}`;
  const viaOs = await probeCertificate(behindProxy({ mode: 'system' }, (url) => platform.resolveProxy(url)));
  expect(viaOs.sha256).toBe(sims.firewall.leafSha256);

  const viaEnvironment = await withEnvironmentProxy(proxyUrl, () => probeCertificate(behindProxy({ mode: 'system' })));
  expect(viaEnvironment.sha256).toBe(sims.firewall.leafSha256);
  expect(tunnels.length - before).toBe(3);
});

it('a connection test through the proxy shows the certificate its refusal was about', async () => {
  const untrusting = createHttpClient(
    settingsFor('firewall', `https://firewall.invalid:${sims.firewall.port}`, { mode: 'system' }, { proxy: { mode: 'explicit', url: proxyUrl } }),
    async () => sims.firewall.keys.readOnly,
    log.logger,
  );
  const refused = await failureOf(untrusting.request(status));
  await untrusting.close();
  const shown = await withPresentedCertificate(refused, behindProxy({ mode: 'explicit', url: proxyUrl }));
  // A leaf that names no place for its issuer comes from an authority of its own: untrusted, not incomplete.
  expect(shown).toMatchObject({ code: 'untrusted_certificate', certificate: { sha256: sims.firewall.leafSha256 } });
});

it.each([
  ['a proxy that refuses the tunnel', async () => behindProxy({ mode: 'explicit', url: `http://127.0.0.1:${sims.firewall.port}` }), 'proxy_failed'],
  ['a proxy nothing listens on', async () => behindProxy({ mode: 'explicit', url: 'http://127.0.0.1:9' }), 'proxy_failed'],
  ['no proxy for a host only the proxy knows', async () => behindProxy({ mode: 'none' }), 'dns_failed'],
] as const)('the probe fails with a clear code for %s', async (_name, target, code) => {
  const error = await failureOf(probeCertificate(await target()));
  expect(error).toMatchObject({ service: 'firewall', code });
});

it('the system proxy comes from HTTPS_PROXY', async () => {
  const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy, https_proxy: process.env.https_proxy };
  process.env.HTTPS_PROXY = proxyUrl;
  process.env.NO_PROXY = '';
  delete process.env.https_proxy;
  delete process.env.no_proxy;
  let viaSystem;
  try {
    viaSystem = client({ proxy: { mode: 'system' } }, { mode: 'ca-only', caPem: sims.ca.certPem });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const before = tunnels.length;
  expect((await viaSystem.request(status)).status).toBe(200);
  await viaSystem.close();
  expect(tunnels.slice(before)).toEqual([target()]);
});

/** Runs `use` with HTTPS_PROXY set to `value` (or unset), restoring the environment after. */
async function withEnvironmentProxy<T>(value: string | undefined, use: () => Promise<T>): Promise<T> {
  const names = ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) delete process.env[name];
  if (value) process.env.HTTPS_PROXY = value;
  try {
    return await use();
  } finally {
    for (const [name, previous] of saved) {
      if (previous === undefined) delete process.env[name];
      else process.env[name] = previous;
    }
  }
}

it('the system proxy is the one the OS resolves for the address, even with no proxy in the environment', async () => {
  const platform = new RecordingPlatform();
  platform.proxyFor = () => `PROXY ${proxyUrl.slice('http://'.length)}; DIRECT`;
  const before = tunnels.length;
  await withEnvironmentProxy(undefined, async () => {
    const viaOs = client({ proxy: { mode: 'system' } }, { mode: 'ca-only', caPem: sims.ca.certPem }, { resolveProxy: (url) => platform.resolveProxy(url) });
    expect((await viaOs.request(status)).status).toBe(200);
    await viaOs.close();
  });
  expect(tunnels.slice(before)).toEqual([target()]);
  expect(platform.proxyQueries).toEqual([`${new URL(sims.firewall.url).origin}/`]);
});

it('the OS saying DIRECT goes direct, whatever the environment says', async () => {
  const platform = new RecordingPlatform();
  platform.proxyFor = () => 'DIRECT';
  const before = tunnels.length;
  await withEnvironmentProxy(proxyUrl, async () => {
    const direct = client({ proxy: { mode: 'system' } }, { mode: 'ca-only', caPem: sims.ca.certPem }, { resolveProxy: (url) => platform.resolveProxy(url) });
    expect((await direct.request(status)).status).toBe(200);
    await direct.close();
  });
  expect(tunnels.slice(before)).toEqual([]);
});

it('where the OS cannot say (plain Node), the environment decides', async () => {
  const platform = new RecordingPlatform();
  const before = tunnels.length;
  await withEnvironmentProxy(proxyUrl, async () => {
    const viaEnvironment = client({ proxy: { mode: 'system' } }, { mode: 'ca-only', caPem: sims.ca.certPem }, { resolveProxy: (url) => platform.resolveProxy(url) });
    expect((await viaEnvironment.request(status)).status).toBe(200);
    await viaEnvironment.close();
  });
  expect(platform.proxyQueries).toHaveLength(1);
  expect(tunnels.slice(before)).toEqual([target()]);
});

it.each([
  ['DIRECT', 'direct'],
  ['PROXY proxy.corp:8080; DIRECT', 'http://proxy.corp:8080'],
  ['HTTPS secure-proxy.corp:443', 'https://secure-proxy.corp:443'],
  ['SOCKS5 socks.corp:1080; PROXY proxy.corp:3128', 'http://proxy.corp:3128'],
  ['SOCKS5 socks.corp:1080', null],
  ['', null],
])('the OS answer %j is taken as %j', (answer, route) => {
  expect(proxyRouteOf(answer)).toBe(route);
});
