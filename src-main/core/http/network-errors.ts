// The way to a back end failed (DNS, TCP, proxy, TLS, a timeout): which of our codes the system
// error code is. The same for every back end; the words are in the catalog (errors.<code>).
import type { ErrorDialect } from './error-dialect.ts';
import { serviceError } from './service-failure.ts';
import type { ServiceError, ServiceErrorCode } from './types.ts';

export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'stream-idle';

export function describeTimeout(dialect: Pick<ErrorDialect, 'service'>, phase: TimeoutPhase, ms: number): ServiceError {
  return serviceError({ service: dialect.service, code: 'timeout', params: { context: phase, ms }, retryable: true });
}

/** Where a request stood when the overall deadline of the user's task ran out. */
export type ExchangeStage = 'rate-limit' | 'connect' | 'headers' | 'body' | 'retry-wait';

/** The words say where the request stood (`timeout.message_deadline_<stage>`) and how many attempts it made. */
export function describeDeadlineExceeded(dialect: Pick<ErrorDialect, 'service'>, deadlineMs: number, host: string, stage: ExchangeStage, attempts: number): ServiceError {
  return serviceError({
    service: dialect.service,
    code: 'timeout',
    params: { context: `deadline_${stage}`, seconds: Math.round(deadlineMs / 100) / 10, host, attempts },
    retryable: true,
  });
}

/** Our own code for a leaf whose fingerprint is not the pinned one (Node has none for this). */
export const PIN_MISMATCH_CODE = 'ERR_OPSDESK_PIN_MISMATCH';

// The chain ends in a certificate the server sent and nobody trusts: self-signed, or an unknown root.
const UNTRUSTED_CODES = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_UNTRUSTED']);

// The chain stops at an issuer that was neither sent nor trusted: the server left out an intermediate
// (browsers hide that by fetching it themselves; OpsDesk does not), or the issuer is an authority the
// profile does not trust. Only the certificate tells which (certificate-probe.ts looks).
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

/** Whether trying again later may succeed without changing anything; the words are in the catalog. */
const RETRYABLE: Partial<Record<ServiceErrorCode, boolean>> = {
  dns_failed: false,
  connection_refused: true,
  connection_reset: true,
  network_unreachable: true,
  proxy_failed: true,
  tls_failed: false,
  untrusted_certificate: false,
  certificate_chain_incomplete: false,
  certificate_invalid: false,
  response_headers_too_large: false,
  hostname_mismatch: false,
  certificate_expired: false,
  certificate_not_yet_valid: false,
  certificate_changed: false,
};

/**
 * `extra`: for `certificate_invalid`, the TLS library's own words (`detail`); for
 * `certificate_chain_incomplete`, the issuer once the certificate shows it is an intermediate's.
 */
export function describeNetworkError(
  dialect: Pick<ErrorDialect, 'service'>,
  code: ServiceErrorCode,
  host: string,
  extra: { detail: string } | { context: 'intermediate'; issuer: string } | Record<string, never> = {},
): ServiceError {
  const retryable = RETRYABLE[code];
  return retryable === undefined
    ? serviceError({ service: dialect.service, code: 'network_error', params: { host }, retryable: true })
    : serviceError({ service: dialect.service, code, params: { host, ...extra }, retryable });
}

/** A connection that failed, from the system error behind it; a certificate fault no code names keeps the TLS library's reason. */
export function describeConnectionFailure(dialect: Pick<ErrorDialect, 'service'>, system: { code: string; message: string } | undefined, host: string, pinned: boolean): ServiceError {
  const code = networkErrorCode(system?.code, pinned);
  if (code === 'certificate_invalid' && system?.message) return describeNetworkError(dialect, code, host, { detail: system.message });
  return describeNetworkError(dialect, code, host);
}
