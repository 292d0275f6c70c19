// The trust flow as Settings drives it (Test connection, then Trust), through the app's services
// against the firewall simulator: the probe goes the profile's way, a pin is the identity, and a
// pin that names the authority instead of the server is explained.
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../src-main/core/app-services.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { ParsedProfileInput } from '../../../src-preload/contract/profiles.ts';
import { createSelfSignedCertificate, issueServerCertificate, type Pem } from '../../sim/certs.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { startConnectProxy, type ConnectProxy } from '../../support/connect-proxy.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { failureOf } from './fixtures.ts';
import { freePort } from '../../support/free-port.ts';

let sims: Simulators;
let proxy: ConnectProxy;
let dataDir: string;
let services: AppServices;
let originalLeaf: Pem;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  originalLeaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
  // A mandatory proxy: only it knows where firewall.invalid is.
  proxy = await startConnectProxy((host) => (host === 'firewall.invalid' ? '127.0.0.1' : host));
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-trust-flow-'));
  services = await createAppServices({ dataDir, platform: new RecordingPlatform(), keyStore: new SessionKeyStore('test'), logSink: () => {} });
});

afterEach(() => sims.firewall.setCertificate(originalLeaf));

afterAll(async () => {
  await services.close();
  await proxy.close();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
});

const firewall = (overrides: Partial<Extract<ParsedProfileInput, { service: 'firewall' }>> = {}): ParsedProfileInput => ({
  service: 'firewall',
  name: `Firewall ${Math.random().toString(16).slice(2)}`,
  baseUrl: sims.firewall.url,
  apiKey: sims.firewall.keys.readOnly,
  trust: { mode: 'system' },
  settings: { rateLimit: { requests: 20, windowSeconds: 1 } },
  ...overrides,
});

describe('trusting a certificate', () => {
  it('an appliance whose self-signed certificate names appliance.local, reached by IP, is usable once trusted', async () => {
    sims.firewall.setCertificate(await createSelfSignedCertificate({ hostnames: ['appliance.local'], ips: [] }));
    const profile = await services.profiles.save(firewall());
    const refused = await failureOf(services.clients.testConnection(profile.id));
    expect(refused).toMatchObject({ code: 'untrusted_certificate', certificate: { sha256: sims.firewall.leafSha256, subjectAltNames: ['DNS:appliance.local'] } });

    await services.profiles.trustCertificate(profile.id, sims.firewall.leafSha256);
    expect((await services.clients.testConnection(profile.id)).summary).toMatchObject({ service: 'firewall' });
  });

  it('behind a mandatory proxy the certificate is shown and trusted through that proxy', async () => {
    const profile = await services.profiles.save(
      firewall({ baseUrl: `https://firewall.invalid:${sims.firewall.port}`, proxy: { mode: 'explicit', url: proxy.url } }),
    );
    const refused = await failureOf(services.clients.testConnection(profile.id));
    expect(refused).toMatchObject({ code: 'untrusted_certificate', certificate: { sha256: sims.firewall.leafSha256 } });

    await services.profiles.trustCertificate(profile.id, sims.firewall.leafSha256);
    expect((await services.clients.testConnection(profile.id)).summary).toMatchObject({ service: 'firewall' });
    expect(proxy.tunnels.every((tunnel) => tunnel === `firewall.invalid:${sims.firewall.port}`)).toBe(true);
  });

  it('a probe that cannot reach the server says why, instead of "something went wrong inside OpsDesk"', async () => {
    const profile = await services.profiles.save(firewall({ baseUrl: `https://127.0.0.1:${await freePort()}` }));
    const error = await failureOf(services.profiles.trustCertificate(profile.id, sims.firewall.leafSha256));
    expect(error).toMatchObject({ service: 'firewall', code: 'connection_refused' });
  });

  it("a CA's fingerprint typed as the pin is recognised and explained", async () => {
    sims.firewall.setCertificate({ certPem: `${originalLeaf.certPem.trim()}\n${sims.ca.certPem}`, keyPem: originalLeaf.keyPem });
    const caFingerprint = new X509Certificate(sims.ca.certPem).fingerprint256;
    const profile = await services.profiles.save(firewall({ trust: { mode: 'pinned', pinnedSha256: caFingerprint } }));
    const error = await failureOf(services.clients.testConnection(profile.id));
    expect(error.code).toBe('invalid_settings');
    expect(error.message).toMatch(/certificate authority “CN=OpsDesk Simulator CA”.*not that of the server's own certificate/);
    expect(error.hint).toMatch(/import/);
    expect(error.certificate?.sha256).toBe(sims.firewall.leafSha256);
  });
});
