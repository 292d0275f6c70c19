// A pinned appliance changed its certificate: what the window compares, and the two ways out, with
// the key asked again only where it is bound to the trust it was entered for.
import { X509Certificate } from 'node:crypto';
import type * as Tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { encodeStoredKey } from '../../../src-main/core/secrets/stored-key.ts';
import { issueServerCertificate } from '../../sim/certs.ts';
import { withSwappedCertificates } from '../http/swapped-certificates.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

// A company CA that the operating system's store holds, as an administrator would have installed it.
const companyCa = await vi.hoisted(async () => (await import('../../sim/certs.ts')).createCertificateAuthority('Company CA'));
vi.mock('node:tls', async (importOriginal) => {
  const tls = await importOriginal<typeof Tls>();
  return {
    ...tls,
    getCACertificates: (kind: 'default' | 'system' | 'bundled' | 'extra') => (kind === 'system' ? [...tls.getCACertificates('system'), companyCa.certPem] : tls.getCACertificates(kind)),
  };
});

const lab = withSwappedCertificates({ alertCount: 10 });
let opened: TestServices;

beforeAll(async () => {
  opened = await openTestServices();
});
afterAll(() => opened.dispose());

/** A firewall profile that trusted the appliance's first certificate, after which the appliance presents `next`. */
async function pinnedThenChanged(next: { certPem: string; keyPem: string }) {
  const { services } = opened;
  const profile = await services.profiles.save(lab.firewallProfile());
  await services.profiles.trustCertificate(profile.id, lab.sims.firewall.leafSha256);
  lab.sims.firewall.setCertificate(next);
  await expect(services.clients.testConnection(profile.id)).rejects.toMatchObject({ serviceError: { code: 'certificate_changed' } });
  return profile;
}

const detailsOf = (pem: string) => {
  const certificate = new X509Certificate(pem);
  return {
    subject: 'CN=localhost',
    issuer: certificate.issuer,
    validFrom: certificate.validFromDate.toISOString(),
    validTo: certificate.validToDate.toISOString(),
    subjectAltNames: ['DNS:localhost', 'IP Address:127.0.0.1'],
    sha256: certificate.fingerprint256,
  };
};

describe('an appliance whose pinned certificate changed', () => {
  test('the one trusted before stands beside the new one; trusting the new one needs no key and connects', async () => {
    const { services } = opened;
    const next = await lab.newLeaf();
    const profile = await pinnedThenChanged(next);

    const change = await services.profiles.certificateChange(profile.id);
    expect(change).toEqual({
      profileId: profile.id,
      trusted: { sha256: detailsOf(lab.originalLeaf.certPem).sha256, details: detailsOf(lab.originalLeaf.certPem) },
      presented: detailsOf(next.certPem),
      // The simulators' CA is this profile's alone, not the system's.
      systemAccepts: false,
      keyNeeded: { new: false, system: true },
    });
    expect(change.trusted.sha256).not.toBe(change.presented.sha256);

    // System certificates would send the key to any server they accept: not without the key again.
    await expect(services.profiles.acceptCertificateChange(profile.id, { trust: 'system' })).rejects.toMatchObject({
      detail: { code: 'bad_request', params: { context: 'key_for_new_trust' }, fieldErrors: [{ path: 'apiKey' }] },
    });
    const trusted = await services.profiles.acceptCertificateChange(profile.id, { trust: 'new', sha256: change.presented.sha256 });
    expect(trusted).toMatchObject({ hasKey: true, trust: { mode: 'pinned', pinnedSha256: change.presented.sha256 } });
    expect((await services.clients.testConnection(profile.id)).summary.service).toBe('firewall');
  });

  test('system certificates that accept the new one: the key entered in the same step goes with them', async () => {
    const { services } = opened;
    const profile = await pinnedThenChanged(await issueServerCertificate(companyCa, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));

    const change = await services.profiles.certificateChange(profile.id);
    expect(change).toMatchObject({ presented: { issuer: 'CN=Company CA' }, systemAccepts: true, keyNeeded: { new: false, system: true } });
    const switched = await services.profiles.acceptCertificateChange(profile.id, { trust: 'system' }, lab.sims.firewall.keys.readOnly);
    expect(switched).toMatchObject({ hasKey: true, trust: { mode: 'system' } });
    expect((await services.clients.testConnection(profile.id)).summary.service).toBe('firewall');
  });

  test('a key bound to another trust than the pinned one is asked for with either way out', async () => {
    const { services } = opened;
    const profile = await pinnedThenChanged(await lab.newLeaf());
    const elsewhere = { origin: new URL(lab.sims.firewall.url).origin, proxy: 'none', trust: 'pinned AB' };
    await opened.keyStore.set(profile.id, encodeStoredKey(lab.sims.firewall.keys.readOnly, elsewhere));

    const change = await services.profiles.certificateChange(profile.id);
    expect(change.keyNeeded).toEqual({ new: true, system: true });
    await expect(services.profiles.acceptCertificateChange(profile.id, { trust: 'new', sha256: change.presented.sha256 })).rejects.toMatchObject({
      detail: { fieldErrors: [{ path: 'apiKey' }] },
    });
    // Nothing changed: the connection still trusts the old pin.
    expect((await services.profiles.list()).profiles.find((p) => p.id === profile.id)?.trust.pinnedSha256).toBe(detailsOf(lab.originalLeaf.certPem).sha256);
    await services.profiles.acceptCertificateChange(profile.id, { trust: 'new', sha256: change.presented.sha256 }, lab.sims.firewall.keys.readOnly);
    expect((await services.clients.testConnection(profile.id)).summary.service).toBe('firewall');
  });

  test('a connection that trusts no single certificate has nothing to compare', async () => {
    const { services } = opened;
    const profile = await services.profiles.save(lab.firewallProfile({ trust: { mode: 'ca-only', caPem: lab.sims.ca.certPem } }));
    await expect(services.profiles.certificateChange(profile.id)).rejects.toMatchObject({ detail: { code: 'bad_request', params: { context: 'not_pinned' } } });
  });
});
