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

export function describeTimeout(dialect: Pick<ErrorDialect, 'service' | 'label'>, phase: TimeoutPhase, ms: number): ServiceError {
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

/** Where a request stood when the overall deadline of the user's task ran out. */
export type ExchangeStage = 'rate-limit' | 'connect' | 'headers' | 'body' | 'retry-wait';

const STAGE_WORDING: Record<ExchangeStage, (label: string, host: string) => string> = {
  'rate-limit': (label) => `${label} was not asked yet: OpsDesk was waiting for a free slot under the profile's rate limit`,
  connect: (_label, host) => `the connection to ${host} (TCP and TLS handshake) did not complete`,
  headers: (_label, host) => `${host} accepted the connection and the request but sent no answer`,
  body: (_label, host) => `${host} started answering but did not finish sending the response`,
  'retry-wait': (label) => `${label} had failed and OpsDesk was waiting to try again`,
};

export function describeDeadlineExceeded(
  dialect: Pick<ErrorDialect, 'service' | 'label'>,
  deadline: { task: string; ms: number },
  host: string,
  stage: ExchangeStage,
  attempts: number,
  lastFailure: ServiceError | undefined,
): ServiceError {
  const seconds = Math.round(deadline.ms / 100) / 10;
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  const earlier = lastFailure ? ` The last failed attempt: ${lastFailure.message}` : '';
  return {
    service: dialect.service,
    code: 'timeout',
    message: `${deadline.task} gave up after ${seconds} s: ${STAGE_WORDING[stage](dialect.label, host)}${tries}.${earlier}`,
    hint:
      stage === 'connect'
        ? 'Check the address and port, the network, and any proxy or VPN; the server may be down or a firewall may drop the traffic.'
        : 'The service is not answering in time; try again later, or tell its administrator.',
    retryable: true,
  };
}

/** Our own code for a leaf whose fingerprint is not the pinned one (Node has none for this). */
export const PIN_MISMATCH_CODE = 'ERR_OPSDESK_PIN_MISMATCH';

// The chain ends in a certificate the server sent and nobody trusts: self-signed, or an unknown root.
const UNTRUSTED_CODES = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_UNTRUSTED']);

// The chain stops at an issuer that was neither sent nor trusted: most often the server leaves out
// its intermediate certificate, which browsers hide by fetching it themselves and OpsDesk does not.
const INCOMPLETE_CHAIN_CODES = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

// Every other verification result OpenSSL reports through Node (its X509_V_ERR names; UNSPECIFIED
// covers the checks Node has no name for, such as an issuer whose key usage does not allow signing).
const OTHER_VERIFY_CODES = new Set([
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_REJECTED',
  'UNSPECIFIED',
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
  UND_ERR_HEADERS_OVERFLOW: 'response_headers_too_large',
  CERT_HAS_EXPIRED: 'certificate_expired',
  CERT_NOT_YET_VALID: 'certificate_not_yet_valid',
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
  'certificate_chain_incomplete',
  'certificate_invalid',
  'hostname_mismatch',
  'certificate_expired',
  'certificate_not_yet_valid',
  'certificate_changed',
]);

/** The system error behind an undici or fetch failure (fetch wraps it in `cause`, happy eyeballs in `errors`). */
export function underlyingError(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && code !== 'UND_ERR' && code !== 'ERR_ASSERTION') return { code, message: typeof message === 'string' ? message : '' };
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}


export function networkErrorCode(systemCode: string | undefined, pinned: boolean): ServiceErrorCode {
  if (systemCode === undefined) return 'network_error';
  const chainRefused = UNTRUSTED_CODES.has(systemCode) || INCOMPLETE_CHAIN_CODES.has(systemCode);
  // Under a pin, any certificate that does not chain to the approved one is a changed certificate.
  if (chainRefused && pinned) return 'certificate_changed';
  if (UNTRUSTED_CODES.has(systemCode)) return 'untrusted_certificate';
  if (INCOMPLETE_CHAIN_CODES.has(systemCode)) return 'certificate_chain_incomplete';
  if (OTHER_VERIFY_CODES.has(systemCode)) return 'certificate_invalid';
  if (systemCode.startsWith('ERR_SSL_') || systemCode === 'EPROTO' || systemCode.startsWith('ERR_TLS_')) {
    return NETWORK_CODES[systemCode] ?? 'tls_failed';
  }
  if (systemCode.startsWith('UND_ERR_PRX') || systemCode === 'UND_ERR_PROXY') return 'proxy_failed';
  return NETWORK_CODES[systemCode] ?? 'network_error';
}

interface NetworkExplanation {
  /** `detail`: the TLS library's own words for a certificate it refused, where no code says more. */
  message: (host: string, detail: string) => string;
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
  certificate_chain_incomplete: {
    // `detail`: the issuer, once the presented certificate shows it is an intermediate's.
    message: (host, issuer) =>
      issuer
        ? `${host} did not send the intermediate certificate (${issuer}) that links its certificate to a trusted authority.`
        : `${host} presented a certificate whose issuer it did not send and this profile does not trust: the server leaves out an intermediate certificate, or the issuer is an authority this profile does not trust yet.`,
    hint: "Ask the administrator to install the full chain (the certificate and its intermediates) on the server. If the issuer is your organisation's own CA, import it for this profile; or trust this exact certificate.",
    retryable: false,
  },
  certificate_invalid: {
    message: (host, detail) => `The certificate ${host} presented was refused: ${detail || 'it is not valid for a server'}.`,
    hint: 'This is a fault in how the certificate was made or issued (for example, signed by a certificate that is not a certificate authority). Ask the administrator to reissue it.',
    retryable: false,
  },
  response_headers_too_large: {
    message: (host) => `${host} answered with response headers larger than 16 KB, more than OpsDesk reads; the answer was dropped.`,
    hint: 'A proxy or server in front of the service may be adding huge headers or cookies; check the address and proxy, or tell the administrator.',
    retryable: false,
  },
  hostname_mismatch: {
    message: (host) => `The certificate ${host} presented was issued for a different host name.`,
    hint: 'Use the host name the certificate names in the base URL, or have the administrator reissue the certificate.',
    retryable: false,
  },
  certificate_expired: {
    message: (host) => `The certificate ${host} presented has expired.`,
    hint: "Ask the administrator to renew the certificate; if it was renewed, check this computer's date and time.",
    retryable: false,
  },
  certificate_not_yet_valid: {
    message: (host) => `The certificate ${host} presented is not valid yet: its validity starts in the future.`,
    hint: "Check this computer's date and time; if they are right, the server's certificate was issued with a wrong start date.",
    retryable: false,
  },
  certificate_changed: {
    message: (host) => `${host} presented a different certificate from the one pinned for this profile.`,
    hint: 'Do not continue until the administrator confirms the new fingerprint. If it was renewed on purpose, edit the connection, set its trust to system certificates and test it: OpsDesk then shows the new certificate to trust.',
    retryable: false,
  },
};

export function describeNetworkError(dialect: Pick<ErrorDialect, 'service' | 'label'>, code: ServiceErrorCode, host: string, detail = ''): ServiceError {
  const service = dialect.service;
  const known = NETWORK_EXPLANATIONS[code];
  if (known) return { service, code, message: known.message(host, detail), hint: known.hint, retryable: known.retryable };
  return {
    service,
    code: 'network_error',
    message: `${dialect.label} could not be reached (${host}).`,
    hint: 'Check the network connection and the base URL.',
    retryable: true,
  };
}
