// The model gateway's errors (gateway.md): the code sits in `error.code`; its only permission error
// is the model whitelist, so a bare 403, or one naming a model code of the server's own
// (`model_not_allowed`), means that.
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.gateway.<code> in src-shared/i18n/.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { serviceError } from '../http/service-failure.ts';
import { documentedCode } from '../http/status-errors.ts';
import { isRetriedStatus } from '../http/retry.ts';
import type { ServiceError } from '../http/types.ts';
import { Redactor } from '../log/redactor.ts';
import { errorMessageIn, errorNameIn, statusOfErrorName } from '../wire/errors.ts';
import { fieldsOf } from '../wire/read.ts';

/** A code naming a model (`model_not_allowed`, `model_forbidden`) under a 403 is the whitelist refusal. */
const MODEL_REFUSAL = /model/i;

function codeInBody(body: unknown): string | undefined {
  const name = errorNameIn(body, ['error.code', 'code', 'error']);
  return name !== undefined && MODEL_REFUSAL.test(name) ? 'model_not_permitted' : name;
}

export const gatewayDialect: ErrorDialect = {
  service: 'gateway',
  codeInBody,
  refinements: { 403: ['model_not_permitted'] },
  silentBody: { 403: 'model_not_permitted' },
};

/** OpenAI's error `type`s, by the status they stand for. */
const STATUS_OF_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  rate_limit_error: 429,
  server_error: 500,
  api_error: 500,
  overloaded_error: 503,
  service_unavailable: 503,
};

/** Names that say which refusal it is, whatever `type` came with them (OpenAI types a wrong key `invalid_request_error`). */
const STATUS_OF_NAME_PATTERN: readonly (readonly [RegExp, number])[] = [
  [/(^|_)(api_?)?key(_|$)|^(authentication|unauthori[sz]ed|unauthenticated)/i, 401],
  [/rate_?limit|quota/i, 429],
];

function statusOfName(name: string): number | undefined {
  return STATUS_OF_NAME_PATTERN.find(([pattern]) => pattern.test(name))?.[1] ?? statusOfErrorName(gatewayDialect.refinements, name);
}

/**
 * An error object inside a 200 (a stream's error event, or the whole body): the gateway answered
 * (status 200, so never "unreachable"); the error's name, else its type, says which documented
 * error it is, and the server's words are its detail.
 */
export function describeStreamError(error: unknown, requestId: string | undefined): ServiceError {
  const body = { error };
  const fields = fieldsOf(error);
  const type = fields?.string('type');
  const name = codeInBody(body);
  const status =
    (name === undefined ? undefined : statusOfName(name)) ??
    (type === undefined ? undefined : STATUS_OF_TYPE[type]) ??
    fields?.number('status', 'status_code') ??
    500;
  const said = errorMessageIn(body);
  return serviceError({
    service: 'gateway',
    status: 200,
    code: documentedCode(gatewayDialect, status, name),
    // The server's words reach the user; a key it echoed back must not.
    params: { ...(said !== undefined && { detail: new Redactor().redact(said.slice(0, 200)) }) },
    ...(requestId ? { requestId } : {}),
    retryable: isRetriedStatus(status, true),
  });
}
