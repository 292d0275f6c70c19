// Requests through an HTTP CONNECT proxy keep the profile's TLS trust end to end.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from '../../../src-main/core/http/client.ts';
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

function client(overrides: Partial<ConnectionSettings>, trust: ConnectionSettings['trust']) {
  return createHttpClient(settingsFor('firewall', sims.firewall.url, trust, overrides), async () => sims.firewall.keys.readOnly, log.logger);
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
