// What a failed attempt means for a write: it waits and goes again by itself with the same key
// (the server may not have seen it, or may come back), or the server refused it and the user decides.
import type { IpcError } from '../../../src-preload/contract/define.ts';
import { ipcErrorInEnglish } from '../english-text.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { ServiceErrorCode } from '../http/types.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';

export type SendFailure = { state: 'queued'; error: IpcError; retryAfterMs?: number } | { state: 'failed'; error: IpcError };

/** The way there failed: nothing about the write itself is wrong. A lookup that fails while offline is one of them. */
const WAY_THERE_FAILURES: ReadonlySet<ServiceErrorCode> = new Set([
  'dns_failed',
  'connection_refused',
  'connection_reset',
  'network_unreachable',
  'network_error',
  'timeout',
  'proxy_failed',
]);

function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function fromServiceFailure(failure: ServiceFailure): SendFailure {
  const { certificate: _certificate, hint, ...shown } = failure.serviceError;
  const error: IpcError = withoutUndefined({ ...shown, hint: hint || undefined });
  const { status, code } = failure.serviceError;
  if (status !== undefined && isTransientStatus(status)) {
    const waitSeconds = error.params?.waitSeconds;
    return typeof waitSeconds === 'number' ? { state: 'queued', error, retryAfterMs: waitSeconds * 1000 } : { state: 'queued', error };
  }
  // An answer cut off after a 2xx: the server may have done the write; the same key asks it again safely.
  if (code === 'malformed_response' && (status === undefined || status < 300)) return { state: 'queued', error };
  if (status === undefined && WAY_THERE_FAILURES.has(code)) return { state: 'queued', error };
  return { state: 'failed', error };
}

export function judgeSendFailure(error: unknown): SendFailure {
  if (error instanceof ServiceFailure) return fromServiceFailure(error);
  if (error instanceof UserFacingError) return { state: 'failed', error: error.detail };
  return { state: 'failed', error: ipcErrorInEnglish({ code: 'internal' }) };
}
