// What a failed attempt means for a write: it waits and goes again by itself with the same key
// (the server may not have seen it, or may come back), or the server refused it and the user decides.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import { ipcErrorInEnglish } from '../english-text.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { ServiceErrorCode } from '../http/types.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';

/** `mayHaveArrived`: the request may have reached the server, which may have carried it out (its answer lost or cut off). */
export type SendFailure = { state: 'queued'; error: IpcError; retryAfterMs?: number; mayHaveArrived: boolean } | { state: 'failed'; error: IpcError };

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

/** Failures after the request may have left: the server may have it, with only its answer lost. */
const AFTER_SENDING_FAILURES: ReadonlySet<ServiceErrorCode> = new Set(['connection_reset', 'network_error']);

/** A timeout waiting for the answer or reading it (on its own or as the task's deadline) came after the request left. */
function isAnswerTimeout(params: Record<string, unknown> | undefined): boolean {
  return ['headers', 'body', 'deadline_headers', 'deadline_body'].includes(String(params?.['context']));
}

function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function fromServiceFailure(failure: ServiceFailure): SendFailure {
  const { certificate: _certificate, hint, ...shown } = failure.serviceError;
  const error: IpcError = withoutUndefined({ ...shown, hint: hint || undefined });
  const { status, code } = failure.serviceError;
  if (status !== undefined && isTransientStatus(status)) {
    // The server answered that it did not do it, except a proxy's 504: the server behind it may have.
    const mayHaveArrived = status === 504;
    const waitSeconds = error.params?.waitSeconds;
    return typeof waitSeconds === 'number' ? { state: 'queued', error, retryAfterMs: waitSeconds * 1000, mayHaveArrived } : { state: 'queued', error, mayHaveArrived };
  }
  // An answer cut off after a 2xx: the server may have done the write; the same key asks it again safely.
  if (code === 'malformed_response' && (status === undefined || status < 300)) return { state: 'queued', error, mayHaveArrived: true };
  if (status === undefined && WAY_THERE_FAILURES.has(code)) {
    const mayHaveArrived = AFTER_SENDING_FAILURES.has(code) || (code === 'timeout' && isAnswerTimeout(error.params));
    return { state: 'queued', error, mayHaveArrived };
  }
  return { state: 'failed', error };
}

export function judgeSendFailure(error: unknown): SendFailure {
  if (error instanceof ServiceFailure) return fromServiceFailure(error);
  if (error instanceof UserFacingError) return { state: 'failed', error: error.detail };
  return { state: 'failed', error: ipcErrorInEnglish({ code: 'internal' }) };
}
