// TLS options for a profile's trust mode. Verification always stays on; only the set of trust
// anchors (and, when pinned, the accepted leaf) changes.
import { getCACertificates, type ConnectionOptions, type PeerCertificate } from 'node:tls';
import type { Logger } from '../log/logger.ts';
import { PIN_MISMATCH_CODE } from './network-errors.ts';
import type { TrustSettings } from './types.ts';

export function normalizeFingerprint(fingerprint: string): string {
  return fingerprint.replaceAll(':', '').trim().toUpperCase();
}

function pinMismatch(presented: string): Error {
  return Object.assign(new Error(`certificate fingerprint ${presented} does not match the pinned one`), {
    code: PIN_MISMATCH_CODE,
  });
}

/** What the operating system's certificate store gave: how many, or why none. */
export interface SystemCertificates {
  count: number;
  /** Why the store could not be read; absent when it was read (even if it held nothing). */
  failure?: string;
}

let systemTrust: { anchors: string[]; certificates: SystemCertificates } | undefined;

/**
 * Node's bundled roots plus the operating system's store, so a CA the company installed counts.
 * Under Electron, Node's TLS is BoringSSL, where reading the system store is untested: a failure
 * leaves the bundled roots, so requests to public servers still work instead of all failing.
 */
function readSystemTrust(): { anchors: string[]; certificates: SystemCertificates } {
  const bundled = getCACertificates('default');
  try {
    const system = getCACertificates('system');
    return { anchors: [...new Set([...bundled, ...system])], certificates: { count: system.length } };
  } catch (error) {
    return { anchors: [...bundled], certificates: { count: 0, failure: error instanceof Error ? error.message : String(error) } };
  }
}

function systemTrustAnchors(): string[] {
  systemTrust ??= readSystemTrust();
  return systemTrust.anchors;
}

/** How many system certificates every "system" trust adds, or why none; read once per process. */
export function systemCertificates(): SystemCertificates {
  systemTrust ??= readSystemTrust();
  return systemTrust.certificates;
}

/** Reads the system store now and says in the log what came of it; main calls it once at start. */
export function logSystemCertificates(logger: Logger): SystemCertificates {
  const certificates = systemCertificates();
  if (certificates.failure) logger.warn('the system certificate store could not be read; only the bundled roots are trusted', { reason: certificates.failure });
  else logger.info('system certificates loaded', { count: certificates.count });
  return certificates;
}

/** Throws a plain Error naming what is missing, for the caller to report as invalid settings. */
export function tlsOptionsFor(trust: TrustSettings): ConnectionOptions {
  switch (trust.mode) {
    case 'system':
      return { ca: systemTrustAnchors() };
    case 'system-plus-ca':
      if (!trust.caPem) throw new Error('the imported CA certificate is missing');
      return { ca: [...systemTrustAnchors(), trust.caPem] };
    case 'ca-only':
      if (!trust.caPem) throw new Error('the imported CA certificate is missing');
      return { ca: [trust.caPem] };
    case 'pinned': {
      if (!trust.anchorPem || !trust.pinnedSha256) throw new Error('the pinned certificate or its fingerprint is missing');
      const pin = normalizeFingerprint(trust.pinnedSha256);
      return {
        ca: [trust.anchorPem],
        // The approved certificate may be the server's leaf itself rather than a root; the pin
        // below still requires exactly that leaf.
        allowPartialTrustChain: true,
        // The pin is the server's identity: only the holder of that very certificate's key can
        // present it, whatever name it carries. An appliance's self-signed certificate often names
        // itself (appliance.local) while it is reached by IP; the user approved it by fingerprint.
        checkServerIdentity: (_host: string, cert: PeerCertificate) =>
          normalizeFingerprint(cert.fingerprint256) === pin ? undefined : pinMismatch(cert.fingerprint256),
      };
    }
  }
}

/** Node skips checkServerIdentity on a resumed TLS session, so a pinned profile never resumes. */
export function allowsSessionResumption(trust: TrustSettings): boolean {
  return trust.mode !== 'pinned';
}
