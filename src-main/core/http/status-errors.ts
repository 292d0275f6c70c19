// A back end answered with a status that is not 2xx, or with a body that cannot be used: judged by
// the status first, the body (read through the back end's dialect) only refines within that status.
import { Redactor } from '../log/redactor.ts';
import { stringField, type ErrorDialect, type Explanation } from './error-dialect.ts';
import { isRetriedStatus } from './retry.ts';
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

function genericExplanation(label: string, code: ServiceErrorCode, status: number): Explanation {
  switch (code) {
    case 'not_found':
      return { message: `${label} has no such object (404).`, hint: 'Refresh the view; it may have been removed.' };
    case 'conflict':
      return { message: `${label} reports a conflict with existing data (409).`, hint: 'Refresh and try again.' };
    case 'service_unavailable':
      return { message: `${label} is temporarily unavailable (503).`, hint: 'Try again in a moment.' };
    case 'server_error':
      return {
        message: `${label} had an internal error (${status}).`,
        hint: 'Try again; if it keeps failing, tell the administrator of the service.',
      };
    default:
      return {
        message: `${label} answered with an unexpected HTTP status ${status}.`,
        hint: 'Check the base URL of the profile; it may point at a different service.',
      };
  }
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
  const explanation = dialect.explanations[code] ?? genericExplanation(dialect.label, code, status);
  let message = explanation.message;
  // For a parameter error the server's own words say which parameter; nothing else is echoed.
  const detail = code === 'bad_request' ? serverDetail(body) : undefined;
  if (detail) message = `${message} (${detail})`;
  if (retryAfterMs !== undefined && code === 'rate_limited') {
    message = `${message} The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
  }
  if (htmlPage) message = `${message} It answered HTTP ${status} with an HTML page instead of JSON.`;
  return {
    service: dialect.service,
    status,
    code,
    message,
    hint: htmlPage ? `${explanation.hint} An HTML page usually comes from a proxy or load balancer in front of the service: check the address and the proxy.` : explanation.hint,
    ...(requestId ? { requestId } : {}),
    // What an idempotent request would be retried on is what may succeed later.
    retryable: isRetriedStatus(status, true),
  };
}

export function describeMalformedResponse(
  dialect: ErrorDialect,
  status: number,
  shape: 'html' | 'not_json' | 'unexpected_shape',
  requestId: string | undefined,
): ServiceError {
  const what = {
    html: 'an HTML page instead of JSON',
    not_json: 'a body that is not valid JSON',
    unexpected_shape: 'JSON of an unexpected shape',
  }[shape];
  return {
    service: dialect.service,
    status,
    code: 'malformed_response',
    message: `${dialect.label} answered HTTP ${status} with ${what}.`,
    hint:
      shape === 'html'
        ? 'A proxy, captive portal or web server may be answering instead of the API; check the base URL and proxy settings.'
        : 'Check that the base URL points at the right service and version; if it does, report this to its administrator.',
    ...(requestId ? { requestId } : {}),
    retryable: status >= 500 || status === 429,
  };
}

/** An event in a streamed answer (SSE) whose data is not the JSON the protocol promises. */
export function describeMalformedStreamEvent(dialect: ErrorDialect): ServiceError {
  return {
    service: dialect.service,
    code: 'malformed_response',
    message: `${dialect.label} sent an event in its streamed answer that is not valid JSON; the answer stopped there.`,
    hint: 'Check that the base URL points at the right service and version; if it does, report this to its administrator.',
    retryable: false,
  };
}
