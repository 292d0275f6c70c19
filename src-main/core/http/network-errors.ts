// The way to a back end failed (DNS, TCP, proxy, TLS, a timeout): what the system error code means
// for the user. The same for every back end; only the label in the message differs.
import type { ErrorDialect } from './error-dialect.ts';
import type { ServiceError, ServiceErrorCode } from './types.ts';

export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'stream-idle';

const TIMEOUT_WORDING: Record<TimeoutPhase, string> = {
  connect: 'connecting (TCP and TLS handshake)',
  headers: 'waiting for the response headers',
  body: 'reading the response body',
  'stream-idle': 'waiting for more data in the response',
};

export function describeTimeout(dialect: ErrorDialect, phase: TimeoutPhase, ms: number): ServiceError {
  return {
    service: dialect.service,
    code: 'timeout',
    message: `${dialect.label} timed out after ${ms} ms while ${TIMEOUT_WORDING[phase]}.`,
    hint:
      phase === 'connect'
        ? 'Check the address, the network and any proxy or VPN; raise the connect timeout if the link is slow.'
        : 'The service is slow or stuck; try again, or raise this timeout in the profile.',
    retryable: true,
  };
}

/** Our own code for a leaf whose fingerprint is not the pinned one (Node has none for this). */
export const PIN_MISMATCH_CODE = 'ERR_OPSDESK_PIN_MISMATCH';

const UNTRUSTED_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
]);

const NETWORK_CODES: Record<string, ServiceErrorCode> = {
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'connection_reset',
  ENETUNREACH: 'network_unreachable',
  EHOSTUNREACH: 'network_unreachable',
  ENETDOWN: 'network_unreachable',
  EHOSTDOWN: 'network_unreachable',
  ETIMEDOUT: 'network_unreachable',
  UND_ERR_PRX_TLS: 'proxy_failed',
  CERT_HAS_EXPIRED: 'certificate_expired',
  CERT_NOT_YET_VALID: 'certificate_expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostname_mismatch',
  [PIN_MISMATCH_CODE]: 'certificate_changed',
};

export const TIMEOUT_PHASE_BY_UNDICI_CODE: Record<string, TimeoutPhase> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'stream-idle',
};

export const CERTIFICATE_CODES: ReadonlySet<ServiceErrorCode> = new Set([
  'untrusted_certificate',
  'hostname_mismatch',
  'certificate_expired',
  'certificate_changed',
]);

/** The system error code behind an undici or fetch failure (fetch wraps it in `cause`, happy eyeballs in `errors`). */
export function underlyingErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && code !== 'UND_ERR' && code !== 'ERR_ASSERTION') return code;
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

export function networkErrorCode(systemCode: string | undefined, pinned: boolean): ServiceErrorCode {
  if (systemCode === undefined) return 'network_error';
  if (UNTRUSTED_CODES.has(systemCode)) {
    // Under a pin, any certificate that does not chain to the approved one is a changed certificate.
    return pinned ? 'certificate_changed' : 'untrusted_certificate';
  }
  if (systemCode.startsWith('ERR_SSL_') || systemCode === 'EPROTO' || systemCode.startsWith('ERR_TLS_')) {
    return NETWORK_CODES[systemCode] ?? 'tls_failed';
  }
  if (systemCode.startsWith('UND_ERR_PRX') || systemCode === 'UND_ERR_PROXY') return 'proxy_failed';
  return NETWORK_CODES[systemCode] ?? 'network_error';
}

interface NetworkExplanation {
  message: (host: string) => string;
  hint: string;
  retryable: boolean;
}

const NETWORK_EXPLANATIONS: Partial<Record<ServiceErrorCode, NetworkExplanation>> = {
  dns_failed: {
    message: (host) => `The host name ${host} could not be resolved.`,
    hint: 'Check the base URL for typos, and your DNS or VPN connection.',
    retryable: false,
  },
  connection_refused: {
    message: (host) => `${host} refused the connection: nothing is listening on that port.`,
    hint: 'Check the port in the base URL and that the service is running.',
    retryable: true,
  },
  connection_reset: {
    message: (host) => `The connection to ${host} was closed before the answer was complete.`,
    hint: 'Try again; a proxy, firewall or an overloaded server may be dropping connections.',
    retryable: true,
  },
  network_unreachable: {
    message: (host) => `${host} cannot be reached from this computer.`,
    hint: 'Check the network connection, VPN and routes to the host.',
    retryable: true,
  },
  proxy_failed: {
    message: (host) => `The proxy did not open a connection to ${host}.`,
    hint: 'Check the proxy address and credentials in the profile or the system settings.',
    retryable: true,
  },
  tls_failed: {
    message: (host) => `The secure connection to ${host} could not be set up.`,
    hint: 'The server may require a TLS version or cipher this computer does not offer; check the base URL scheme and port.',
    retryable: false,
  },
  untrusted_certificate: {
    message: (host) =>
      `${host} presented a certificate that this profile does not trust (self-signed or from an unknown authority).`,
    hint: "Check the fingerprint with the service's administrator; if it matches, trust the certificate or import the CA for this profile.",
    retryable: false,
  },
  hostname_mismatch: {
    message: (host) => `The certificate ${host} presented was issued for a different host name.`,
    hint: 'Use the host name the certificate names in the base URL, or have the administrator reissue the certificate.',
    retryable: false,
  },
  certificate_expired: {
    message: (host) => `The certificate ${host} presented is expired or not valid yet.`,
    hint: "Ask the administrator to renew the certificate; also check this computer's clock.",
    retryable: false,
  },
  certificate_changed: {
    message: (host) => `${host} presented a different certificate from the one pinned for this profile.`,
    hint: 'Do not continue until the administrator confirms the new fingerprint. If it was renewed on purpose, edit the connection, set its trust to system certificates and test it: OpsDesk then shows the new certificate to trust.',
    retryable: false,
  },
};

export function describeNetworkError(dialect: ErrorDialect, code: ServiceErrorCode, host: string): ServiceError {
  const service = dialect.service;
  const known = NETWORK_EXPLANATIONS[code];
  if (known) return { service, code, message: known.message(host), hint: known.hint, retryable: known.retryable };
  return {
    service,
    code: 'network_error',
    message: `${dialect.label} could not be reached (${host}).`,
    hint: 'Check the network connection and the base URL.',
    retryable: true,
  };
}
