// Reads the certificate chain a server presents, so that the UI can show an untrusted certificate
// (subject, issuer, validity, names, fingerprint) and let the user decide whether to trust it.
//
// A refused handshake does not expose the peer's certificates, so this probe completes a handshake
// with verification off. That is safe only because the probe sends no application bytes at all:
// it reads the presented chain and destroys the socket at once. It must never carry a request.
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { connect, type DetailedPeerCertificate } from 'node:tls';
import { CERTIFICATE_CODES } from './network-errors.ts';
import type { CertificateInfo, ServiceError } from './types.ts';

function describeCertificate(chain: X509Certificate[]): CertificateInfo {
  const leaf = chain[0];
  if (!leaf) throw new Error('empty certificate chain');
  return {
    subject: leaf.subject.split('\n').join(', '),
    issuer: leaf.issuer.split('\n').join(', '),
    validFrom: leaf.validFromDate.toISOString(),
    validTo: leaf.validToDate.toISOString(),
    subjectAltNames: leaf.subjectAltName ? leaf.subjectAltName.split(', ') : [],
    sha256: leaf.fingerprint256,
    chainPem: chain.map((certificate) => certificate.toString()),
  };
}

function presentedChain(leaf: DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  // A self-signed certificate is its own issuer, so the walk stops at the first repeat.
  for (let current: DetailedPeerCertificate | undefined = leaf; current?.raw && !seen.has(current.fingerprint256); current = current.issuerCertificate) {
    seen.add(current.fingerprint256);
    chain.push(new X509Certificate(current.raw));
  }
  return chain;
}

export function probeCertificate(url: URL, timeoutMs: number): Promise<CertificateInfo> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      try {
        resolve(describeCertificate(presentedChain(socket.getPeerCertificate(true))));
      } catch (error) {
        reject(error);
      } finally {
        socket.destroy();
      }
    });
    socket.once('timeout', () => socket.destroy(new Error(`certificate probe timed out after ${timeoutMs} ms`)));
    socket.once('error', reject);
  });
}

/**
 * For a failure the user is looking at (a connection test): a certificate refusal gains what the
 * server presented, so they can compare fingerprints. Never for background calls: it connects again.
 */
export async function withPresentedCertificate(error: ServiceError, url: URL, timeoutMs: number): Promise<ServiceError> {
  if (!CERTIFICATE_CODES.has(error.code)) return error;
  const certificate = await probeCertificate(url, timeoutMs).catch(() => undefined);
  return certificate ? { ...error, certificate } : error;
}
