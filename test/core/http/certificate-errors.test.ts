// Each way a certificate can be refused has its own code and words, against the firewall
// simulator over real TLS: the user learns which refusal it was, not "could not be reached".
import { describe, expect, it } from 'vitest';
import type { TrustSettings } from '../../../src-main/core/http/types.ts';
import { createCertificateAuthority, createSelfSignedCertificate, issueIntermediateAuthority, issueServerCertificate } from '../../sim/certs.ts';
import { failureAsShown, failureOf } from './fixtures.ts';
import { withSwappedCertificates } from './swapped-certificates.ts';

const DAY = 86_400_000;
const lab = withSwappedCertificates({ alertCount: 0 });

const status = (trust: TrustSettings) => lab.firewallClient(trust).request<{ version: string }>({ method: 'GET', path: '/system/status' });

const simulatorCa = (): TrustSettings => ({ mode: 'ca-only', caPem: lab.sims.ca.certPem });

describe('validity dates', () => {
  it('an expired certificate and one not valid yet are told apart', async () => {
    lab.sims.firewall.setCertificate(await issueServerCertificate(lab.sims.ca, { validFrom: new Date(Date.now() - 30 * DAY), validTo: new Date(Date.now() - DAY) }));
    const expired = await failureOf(status(simulatorCa()));
    lab.sims.firewall.setCertificate(await issueServerCertificate(lab.sims.ca, { validFrom: new Date(Date.now() + DAY), validTo: new Date(Date.now() + 30 * DAY) }));
    const early = await failureOf(status(simulatorCa()));

    expect(expired).toMatchObject({ code: 'certificate_expired', retryable: false });
    expect(expired.message).toMatch(/has expired/);
    expect(early).toMatchObject({ code: 'certificate_not_yet_valid', retryable: false });
    expect(early.message).toMatch(/not valid yet/);
    expect(early.hint).toMatch(/date and time/);
  });
});

describe('chains', () => {
  it('a server that leaves out its intermediate is told so, not called self-signed or of an unknown authority', async () => {
    const root = await createCertificateAuthority('OpsDesk Root CA', 1);
    const intermediate = await issueIntermediateAuthority(root, 'OpsDesk Issuing CA 2');
    const leaf = await issueServerCertificate(intermediate, { ips: ['127.0.0.1'], caIssuersUrl: 'http://pki.example.test/issuing-ca-2.crt' });
    lab.sims.firewall.setCertificate(leaf);
    const rootOnly: TrustSettings = { mode: 'ca-only', caPem: root.certPem };

    const refused = await failureOf(status(rootOnly));
    expect(refused.code).toBe('certificate_chain_incomplete');
    const shown = await failureAsShown(status(rootOnly), lab.sims.firewall.url);
    expect(shown.code).toBe('certificate_chain_incomplete');
    expect(shown.message).toMatch(/did not send the intermediate certificate \(CN=OpsDesk Issuing CA 2\)/);
    for (const message of [refused.message, shown.message]) expect(message).not.toMatch(/self-signed|unknown authority/);
    expect(shown.hint).toMatch(/full chain/);

    // The same server sending its chain is trusted.
    lab.sims.firewall.setCertificate({ certPem: `${leaf.certPem.trim()}\n${intermediate.certPem}`, keyPem: leaf.keyPem });
    expect((await status(rootOnly)).data.version).toBe('7.4.2');
  });

  it('an issuer that is a leaf, not a CA, is its own refusal with the reason, not "could not be reached"', async () => {
    const leafAsIssuer = await createSelfSignedCertificate({ commonName: 'Not A CA' });
    lab.sims.firewall.setCertificate(await issueServerCertificate({ name: 'Not A CA', ...leafAsIssuer }, { ips: ['127.0.0.1'] }));
    const error = await failureAsShown(status({ mode: 'ca-only', caPem: leafAsIssuer.certPem }), lab.sims.firewall.url);
    expect(error).toMatchObject({ service: 'firewall', code: 'certificate_invalid', retryable: false });
    expect(error.message).toMatch(/was refused as not valid for a server\. \(key usage does not include certificate signing\)/);
    expect(error.message).not.toMatch(/could not be reached/);
    expect(error.certificate?.issuer).toContain('Not A CA');
  });
});

describe('a pinned certificate is the identity', () => {
  it('a self-signed appliance certificate naming appliance.local, reached by IP, works once pinned', async () => {
    const appliance = await createSelfSignedCertificate({ hostnames: ['appliance.local'], ips: [] });
    lab.sims.firewall.setCertificate(appliance);
    const shown = await failureAsShown(status({ mode: 'system' }), lab.sims.firewall.url);
    expect(shown.code).toBe('untrusted_certificate');

    const pinned: TrustSettings = { mode: 'pinned', anchorPem: shown.certificate!.chainPem[0]!, pinnedSha256: shown.certificate!.sha256 };
    expect((await status(pinned)).data.version).toBe('7.4.2');

    // Any other certificate with the same name is still refused.
    lab.sims.firewall.setCertificate(await createSelfSignedCertificate({ hostnames: ['appliance.local'], ips: [] }));
    expect((await failureOf(status(pinned))).code).toBe('certificate_changed');
  });

  it('a certificate with the right name but unpinned is still held to its name', async () => {
    lab.sims.firewall.setCertificate(await issueServerCertificate(lab.sims.ca, { hostnames: ['appliance.local'], ips: [] }));
    expect((await failureOf(status(simulatorCa()))).code).toBe('hostname_mismatch');
  });
});
