// Each trust mode against the firewall simulator over real HTTPS.
import { describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../src-main/core/http/client.ts';
import type { TrustSettings } from '../../../src-main/core/http/types.ts';
import { createSelfSignedCertificate, issueServerCertificate } from '../../sim/index.ts';
import { failureAsShown, settingsFor } from './fixtures.ts';
import { withSwappedCertificates } from './swapped-certificates.ts';

const lab = withSwappedCertificates({ alertCount: 0 });
const client = lab.firewallClient;

const status = (http: HttpClient) => http.request<{ version: string }>({ method: 'GET', path: '/system/status' });

describe('trust modes', () => {
  it('system roots alone refuse the simulator and show the certificate it presented', async () => {
    const requestsBefore = lab.sims.firewall.requests.length;
    const error = await failureAsShown(status(client({ mode: 'system' })), lab.sims.firewall.url);
    expect(error.code).toBe('untrusted_certificate');
    expect(error.retryable).toBe(false);
    expect(error.certificate?.sha256).toBe(lab.sims.firewall.leafSha256);
    expect(error.certificate?.issuer).toContain('OpsDesk Simulator CA');
    expect(error.certificate?.subjectAltNames).toContain('IP Address:127.0.0.1');
    expect(error.certificate?.chainPem[0]).toContain('BEGIN CERTIFICATE');
    expect(new Date(error.certificate!.validTo).getTime()).toBeGreaterThan(Date.now());
    // Nothing reached the API: the request was refused during the handshake.
    expect(lab.sims.firewall.requests).toHaveLength(requestsBefore);
  });

  it('system roots plus the imported CA work', async () => {
    const response = await status(client({ mode: 'system-plus-ca', caPem: lab.sims.ca.certPem }));
    expect(response.status).toBe(200);
    expect(response.data.version).toBe('7.4.2');
  });

  it('only the imported CA works', async () => {
    expect((await status(client({ mode: 'ca-only', caPem: lab.sims.ca.certPem }))).status).toBe(200);
  });

  it('a CA that did not issue the certificate is refused', async () => {
    const stranger = await createSelfSignedCertificate({ commonName: 'Some Other CA' });
    const error = await failureAsShown(status(client({ mode: 'ca-only', caPem: stranger.certPem })), lab.sims.firewall.url);
    expect(error.code).toBe('untrusted_certificate');
  });

  it('a pinned certificate works, with the presented leaf as the approved anchor', async () => {
    const presented = (await failureAsShown(status(client({ mode: 'system' })), lab.sims.firewall.url)).certificate!;
    const pinned = client({ mode: 'pinned', anchorPem: presented.chainPem[0]!, pinnedSha256: presented.sha256 });
    expect((await status(pinned)).status).toBe(200);
  });

  it('a pin also holds when the approved anchor is the CA', async () => {
    const pinned = client({ mode: 'pinned', anchorPem: lab.sims.ca.certPem, pinnedSha256: lab.sims.firewall.leafSha256 });
    expect((await status(pinned)).status).toBe(200);
  });

  it('a hot-swapped leaf, even from the same CA, is reported as a changed certificate', async () => {
    const trust: TrustSettings = { mode: 'pinned', anchorPem: lab.sims.ca.certPem, pinnedSha256: lab.sims.firewall.leafSha256 };
    expect((await status(client(trust))).status).toBe(200);
    lab.sims.firewall.setCertificate(await lab.newLeaf());
    // A fresh profile client, as after a restart: new connections see the new certificate.
    const error = await failureAsShown(status(client(trust)), lab.sims.firewall.url);
    expect(error.code).toBe('certificate_changed');
    expect(error.certificate?.sha256).toBe(lab.sims.firewall.leafSha256);
    expect(error.hint).toMatch(/administrator/);
  });

  it('a different self-signed certificate under a pin is a changed certificate too', async () => {
    const presented = (await failureAsShown(status(client({ mode: 'system' })), lab.sims.firewall.url)).certificate!;
    lab.sims.firewall.setCertificate(await createSelfSignedCertificate({ hostnames: ['localhost'], ips: ['127.0.0.1'] }));
    const error = await failureAsShown(
      status(client({ mode: 'pinned', anchorPem: presented.chainPem[0]!, pinnedSha256: presented.sha256 })),
      lab.sims.firewall.url,
    );
    expect(error.code).toBe('certificate_changed');
  });

  it('an expired certificate is reported as expired', async () => {
    const day = 86_400_000;
    lab.sims.firewall.setCertificate(
      await issueServerCertificate(lab.sims.ca, {
        ips: ['127.0.0.1'],
        validFrom: new Date(Date.now() - 30 * day),
        validTo: new Date(Date.now() - day),
      }),
    );
    const error = await failureAsShown(status(client({ mode: 'ca-only', caPem: lab.sims.ca.certPem })), lab.sims.firewall.url);
    expect(error.code).toBe('certificate_expired');
    expect(error.hint).toMatch(/renew/);
    expect(new Date(error.certificate!.validTo).getTime()).toBeLessThan(Date.now());
  });

  it('a certificate for another host is a hostname mismatch', async () => {
    lab.sims.firewall.setCertificate(await issueServerCertificate(lab.sims.ca, { hostnames: ['fw.other.example'], ips: [] }));
    const error = await failureAsShown(status(client({ mode: 'ca-only', caPem: lab.sims.ca.certPem })), lab.sims.firewall.url);
    expect(error.code).toBe('hostname_mismatch');
    expect(error.certificate?.subjectAltNames).toEqual(['DNS:fw.other.example']);
  });

  it('a profile whose trust settings are incomplete is refused before any connection', () => {
    expect(() =>
      createHttpClient(settingsFor('firewall', lab.sims.firewall.url, { mode: 'ca-only' }), async () => 'k', lab.log.logger),
    ).toThrow(/CA certificate is missing/);
  });
});
