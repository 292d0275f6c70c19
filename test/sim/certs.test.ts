import { describe, expect, it } from 'vitest';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { createCertificateAuthority, createSelfSignedCertificate, issueServerCertificate } from './certs.ts';

const DAY = 86_400_000;

describe('certs', () => {
  it('creates a CA certificate with a PKCS#8 key', async () => {
    const ca = await createCertificateAuthority('Test CA');
    const cert = new X509Certificate(ca.certPem);
    expect(ca.name).toBe('Test CA');
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=Test CA');
    expect(cert.checkIssued(cert)).toBe(true);
    expect(ca.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(cert.checkPrivateKey(createPrivateKey(ca.keyPem))).toBe(true);
  });

  it('issues a leaf for localhost and 127.0.0.1 valid from a day ago for 30 days', async () => {
    const ca = await createCertificateAuthority();
    const leaf = await issueServerCertificate(ca);
    const cert = new X509Certificate(leaf.certPem);
    expect(cert.ca).toBe(false);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(cert.checkIssued(new X509Certificate(ca.certPem))).toBe(true);
    expect(cert.verify(new X509Certificate(ca.certPem).publicKey)).toBe(true);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(Math.abs(Date.parse(cert.validFrom) - (Date.now() - DAY))).toBeLessThan(5000);
    expect(Math.abs(Date.parse(cert.validTo) - (Date.now() + 30 * DAY))).toBeLessThan(5000);
    expect(cert.checkPrivateKey(createPrivateKey(leaf.keyPem))).toBe(true);
  });

  it('honours hostnames, ips, validity and common name', async () => {
    const ca = await createCertificateAuthority();
    const validTo = new Date(Date.now() - DAY);
    const leaf = await issueServerCertificate(ca, { hostnames: ['fw.example.net', '*.corp.example'], ips: ['::1'], validTo, commonName: 'fw' });
    const cert = new X509Certificate(leaf.certPem);
    expect(cert.subject).toBe('CN=fw');
    expect(cert.checkHost('a.corp.example')).toBe('*.corp.example');
    expect(cert.checkHost('localhost')).toBeUndefined();
    expect(cert.checkIP('127.0.0.1')).toBeUndefined();
    expect(cert.checkIP('::1')).toBe('::1');
    expect(Date.parse(cert.validTo)).toBe(Math.floor(validTo.getTime() / 1000) * 1000);
  });

  it('creates a self-signed leaf that is its own issuer but not a CA', async () => {
    const pem = await createSelfSignedCertificate();
    const cert = new X509Certificate(pem.certPem);
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
  });

  it('gives every certificate a distinct serial and key', async () => {
    const ca = await createCertificateAuthority();
    const [a, b] = await Promise.all([issueServerCertificate(ca), issueServerCertificate(ca)]);
    expect(new X509Certificate(a!.certPem).serialNumber).not.toBe(new X509Certificate(b!.certPem).serialNumber);
    expect(a!.keyPem).not.toBe(b!.keyPem);
  });
});
