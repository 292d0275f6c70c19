// What a pinned profile can show of the certificate it trusted, beside another one its server presents.
import { X509Certificate } from 'node:crypto';
import type { CertificateChange } from '../../../src-shared/contract/profiles.ts';
import { describeCertificate } from '../http/certificate-probe.ts';
import { normalizeFingerprint } from '../http/trust.ts';
import type { CertificateInfo, TrustSettings } from '../http/types.ts';

/** The shape Node and the prompt show (`AB:CD:…`), whatever way the pin was typed in. */
const colonSeparated = (fingerprint: string) => normalizeFingerprint(fingerprint).match(/../g)?.join(':') ?? '';

/** The details the window may see: the chain stays in main. */
export function certificateDetails({ chainPem: _chain, ...details }: CertificateInfo): CertificateChange['presented'] {
  return details;
}

/**
 * The pinned certificate: its fingerprint always; its subject, issuer and validity when the kept
 * leaf (or an anchor that is the leaf itself, as pins made before the leaf was kept have) matches
 * the pin. Undefined when the profile trusts no single certificate.
 */
export function trustedCertificateOf(trust: TrustSettings): CertificateChange['trusted'] | undefined {
  if (trust.mode !== 'pinned' || !trust.pinnedSha256) return undefined;
  const pin = normalizeFingerprint(trust.pinnedSha256);
  const kept = [trust.leafPem, trust.anchorPem]
    .flatMap((pem) => (pem ? [readable(pem)] : []))
    .find((certificate) => certificate && normalizeFingerprint(certificate.fingerprint256) === pin);
  return { sha256: colonSeparated(pin), ...(kept ? { details: certificateDetails(describeCertificate([kept])) } : {}) };
}

function readable(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}
