// Requests through an HTTP CONNECT proxy keep the profile's TLS trust end to end.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient, type HttpClientOptions } from '../../../src-main/core/http/client.ts';
import { proxyRouteOf } from '../../../src-main/core/http/dispatcher.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import type { ConnectionSettings } from '../../../src-main/core/http/types.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { captureLog, failureOf, settingsFor } from './fixtures.ts';

let sims: Simulators;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, clientSocket, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
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
  expect(error.code).toBe('untrusted_certificate');
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
