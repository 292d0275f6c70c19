// The way to a back end failed (DNS, TCP, proxy, TLS, a timeout): which of our codes the system
// error code is. The same for every back end; the words are in the catalog (errors.<code>).
import type { ErrorDialect } from './error-dialect.ts';
import { serviceError } from './service-failure.ts';
import type { ServiceError, ServiceErrorCode } from './types.ts';

export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'stream-idle';

export function describeTimeout(dialect: ErrorDialect, phase: TimeoutPhase, ms: number): ServiceError {
  return serviceError({ service: dialect.service, code: 'timeout', params: { context: phase, ms }, retryable: true });
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

/** Whether trying again later may succeed without changing anything; the words are in the catalog. */
const RETRYABLE: Partial<Record<ServiceErrorCode, boolean>> = {
  dns_failed: false,
  connection_refused: true,
  connection_reset: true,
  network_unreachable: true,
  proxy_failed: true,
  tls_failed: false,
  untrusted_certificate: false,
  hostname_mismatch: false,
  certificate_expired: false,
  certificate_changed: false,
};

export function describeNetworkError(dialect: ErrorDialect, code: ServiceErrorCode, host: string): ServiceError {
  const retryable = RETRYABLE[code];
  return retryable === undefined
    ? serviceError({ service: dialect.service, code: 'network_error', params: { host }, retryable: true })
    : serviceError({ service: dialect.service, code, params: { host }, retryable });
}
