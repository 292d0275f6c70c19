// The trust flow as Settings drives it (Test connection, then Trust), through the app's services
// against the firewall simulator: the probe goes the profile's way, a pin is the identity, and a
// pin that names the authority instead of the server is explained.
import { X509Certificate } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { createSelfSignedCertificate } from '../../sim/certs.ts';
import { startConnectProxy, type ConnectProxy } from '../../support/connect-proxy.ts';
import { failureOf } from './fixtures.ts';
import { withSwappedCertificates } from './swapped-certificates.ts';
import { freePort } from '../../support/free-port.ts';
import { expectEach } from '../../support/expect-each.ts';
import { openTestServices } from '../../support/test-services.ts';

const lab = withSwappedCertificates({ alertCount: 0 });
const firewall = lab.firewallProfile;
let proxy: ConnectProxy;
let dataDir: string;
let services: AppServices;

beforeAll(async () => {
  // A mandatory proxy: only it knows where firewall.invalid is.
  proxy = await startConnectProxy((host) => (host === 'firewall.invalid' ? '127.0.0.1' : host));
  ({ services, dataDir } = await openTestServices());
});

afterAll(async () => {
  await services.dispose();
  await proxy.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('trusting a certificate', () => {
  it('an appliance whose self-signed certificate names appliance.local, reached by IP, is usable once trusted', async () => {
    lab.sims.firewall.setCertificate(await createSelfSignedCertificate({ hostnames: ['appliance.local'], ips: [] }));
    const profile = await services.profiles.save(firewall());
    const refused = await failureOf(services.clients.testConnection(profile.id));
    expect(refused).toMatchObject({ code: 'untrusted_certificate', certificate: { sha256: lab.sims.firewall.leafSha256, subjectAltNames: ['DNS:appliance.local'] } });

    await services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
    expect((await services.clients.testConnection(profile.id)).summary).toMatchObject({ service: 'firewall' });
  });

  it('behind a mandatory proxy the certificate is shown and trusted through that proxy', async () => {
    const profile = await services.profiles.save(
      firewall({ baseUrl: `https://firewall.invalid:${lab.sims.firewall.port}`, proxy: { mode: 'explicit', url: proxy.url } }),
    );
    const refused = await failureOf(services.clients.testConnection(profile.id));
    expect(refused).toMatchObject({ code: 'untrusted_certificate', certificate: { sha256: lab.sims.firewall.leafSha256 } });

    await services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
    expect((await services.clients.testConnection(profile.id)).summary).toMatchObject({ service: 'firewall' });
    expectEach(proxy.tunnels, (tunnel) => tunnel === `firewall.invalid:${lab.sims.firewall.port}`, 'go to the appliance by its name');
  });

  it('a probe that cannot reach the server says why, instead of "something went wrong inside OpsDesk"', async () => {
    const profile = await services.profiles.save(firewall({ baseUrl: `https://127.0.0.1:${await freePort()}` }));
    const error = await failureOf(services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256));
    expect(error).toMatchObject({ service: 'firewall', code: 'connection_refused' });
  });

  it("a CA's fingerprint typed as the pin is recognised and explained", async () => {
    lab.sims.firewall.setCertificate({ certPem: `${lab.originalLeaf.certPem.trim()}\n${lab.sims.ca.certPem}`, keyPem: lab.originalLeaf.keyPem });
    const caFingerprint = new X509Certificate(lab.sims.ca.certPem).fingerprint256;
    const profile = await services.profiles.save(firewall({ trust: { mode: 'pinned', pinnedSha256: caFingerprint } }));
    const error = await failureOf(services.clients.testConnection(profile.id));
    expect(error.code).toBe('invalid_settings');
    expect(error.message).toMatch(/certificate authority “CN=OpsDesk Simulator CA”.*not that of the server's own certificate/);
    expect(error.hint).toMatch(/import/);
    expect(error.certificate?.sha256).toBe(lab.sims.firewall.leafSha256);
  });
});
