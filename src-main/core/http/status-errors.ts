// A back end answered with a status that is not 2xx, or with a body that cannot be used: judged by
// the status first, the body (read through the back end's dialect) only refines within that status.
import { Redactor } from '../log/redactor.ts';
import { stringField, type ErrorDialect } from './error-dialect.ts';
import { isRetriedStatus } from './retry.ts';
import { serviceError } from './service-failure.ts';
import type { ServiceError, ServiceErrorCode } from './types.ts';

const CODE_BY_STATUS: Record<number, ServiceErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): ServiceErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'unexpected_status');
}

/** The status's code, or the more precise one the body names if the back end documents it for that status. */
export function documentedCode(dialect: ErrorDialect, status: number, bodyCode: string | undefined): ServiceErrorCode {
  const refinement = dialect.refinements[status]?.find((code) => code === bodyCode);
  if (refinement) return refinement;
  if (bodyCode === undefined) {
    const silent = dialect.silentBody?.[status];
    if (silent) return silent;
  }
  return codeForStatus(status);
}

export function requestIdFrom(body: unknown, headers: Record<string, string | string[] | undefined>): string | undefined {
  const fromBody = stringField(body, 'request_id');
  if (fromBody) return fromBody;
  const header = headers['x-request-id'];
  return Array.isArray(header) ? header[0] : header;
}

function serverDetail(body: unknown): string | undefined {
  const nested = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : undefined;
  const detail = stringField(nested, 'message') ?? stringField(body, 'message');
  // The server's words reach the user; a key it echoed back must not.
  return detail === undefined ? undefined : new Redactor().redact(detail.slice(0, 200));
}

/** A non-2xx answer, judged by its status; its body (JSON, empty or unreadable) only adds detail. */
export function describeHttpError(
  dialect: ErrorDialect,
  status: number,
  body: unknown,
  requestId: string | undefined,
  retryAfterMs?: number,
  htmlPage = false,
): ServiceError {
  const code = documentedCode(dialect, status, dialect.codeInBody(body));
  // For a parameter error the server's own words say which parameter; nothing else is echoed.
  const detail = code === 'bad_request' ? serverDetail(body) : undefined;
  // Retry-After on a 429 or a 503 is how long the server asks to be left alone (RFC 9110 §10.2.3).
  const asksToWait = code === 'rate_limited' || status === 503;
  const waitSeconds = retryAfterMs !== undefined && asksToWait ? Math.ceil(retryAfterMs / 1000) : undefined;
  return serviceError({
    service: dialect.service,
    status,
    code,
    params: { ...(detail && { detail }), ...(waitSeconds !== undefined && { waitSeconds }), ...(htmlPage && { htmlPage }) },
    ...(requestId ? { requestId } : {}),
    // What an idempotent request would be retried on is what may succeed later.
    retryable: isRetriedStatus(status, true),
  });
}

export function describeMalformedResponse(
  dialect: ErrorDialect,
  status: number,
  shape: 'html' | 'not_json' | 'unexpected_shape',
  requestId: string | undefined,
): ServiceError {
  return serviceError({
    service: dialect.service,
    status,
    code: 'malformed_response',
    params: { context: shape },
    ...(requestId ? { requestId } : {}),
    retryable: status >= 500 || status === 429,
  });
}

/** An event in a streamed answer (SSE) whose data is not the JSON the protocol promises. */
export function describeMalformedStreamEvent(dialect: ErrorDialect): ServiceError {
  return serviceError({ service: dialect.service, code: 'malformed_response', params: { context: 'stream_event' }, retryable: false });
}
