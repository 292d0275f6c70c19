// The model gateway's errors (gateway.md): the code sits in `error.code`; its only permission error
// is the model whitelist, so a bare 403, or one naming a model code of the server's own
// (`model_not_allowed`), means that.
// The body shapes are recorded in docs/api-assumptions.md.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { describeHttpError } from '../http/status-errors.ts';
import type { ServiceError } from '../http/types.ts';
import { Redactor } from '../log/redactor.ts';
import { errorNameIn, statusOfErrorName } from '../wire/errors.ts';
import { fieldsOf } from '../wire/read.ts';

const explanations: ErrorDialect['explanations'] = {
  bad_request: {
    message: 'The model gateway rejected the request parameters.',
    hint: 'Check the model name and the values (temperature 0 to 2, penalties -2 to 2).',
  },
  unauthorized: {
    message: 'The model gateway did not accept the key: it is invalid or expired.',
    hint: "Copy a valid key from the gateway console's API keys page into this profile.",
  },
  model_not_permitted: {
    message: "This key is not allowed to use that model: it is outside the key's model whitelist.",
    hint: 'Pick a model from the list the gateway returns for this key, or ask for the model to be added to the whitelist.',
  },
  forbidden: {
    message: 'The model gateway refused the request: the key lacks permission.',
    hint: "Check the key's permissions in the gateway console.",
  },
  rate_limited: {
    message: "The model gateway's per-minute request limit for this key was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the key's tier (free 60, paid 600, enterprise 6000 per minute).",
  },
  server_error: {
    message: 'The model gateway had an internal error.',
    hint: 'Try again; if it keeps failing, the gateway or the upstream model is down.',
  },
  service_unavailable: {
    message: 'The model gateway is temporarily unavailable.',
    hint: 'Try again in a moment.',
  },
};

/** A code naming a model (`model_not_allowed`, `model_forbidden`) under a 403 is the whitelist refusal. */
const MODEL_REFUSAL = /model/i;

function codeInBody(body: unknown): string | undefined {
  const name = errorNameIn(body, ['error.code', 'code', 'error']);
  return name !== undefined && MODEL_REFUSAL.test(name) ? 'model_not_permitted' : name;
}

export const gatewayDialect: ErrorDialect = {
  service: 'gateway',
  label: 'The model gateway',
  codeInBody,
  refinements: { 403: ['model_not_permitted'] },
  silentBody: { 403: 'model_not_permitted' },
  explanations,
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

/**
 * An error event inside a 200 stream: the gateway answered, so this is never "unreachable"; the
 * error's type (or name) says which documented error it is, and the server's words are kept.
 */
export function describeStreamError(error: unknown, requestId: string | undefined, serverMessage: string | undefined): ServiceError {
  const body = { error };
  const fields = fieldsOf(error);
  const type = fields?.string('type');
  const name = codeInBody(body);
  const status =
    (type === undefined ? undefined : STATUS_OF_TYPE[type]) ??
    (name === undefined ? undefined : statusOfErrorName(gatewayDialect.refinements, name)) ??
    fields?.number('status', 'status_code') ??
    500;
  const described = describeHttpError(gatewayDialect, status, body, requestId);
  // The server's words reach the user; a key it echoed back must not. A parameter error already carries them.
  const said = serverMessage && described.code !== 'bad_request' ? ` It said: "${new Redactor().redact(serverMessage.slice(0, 200))}".` : '';
  return { ...described, status: 200, message: `${described.message} It reported this inside its streamed answer.${said}` };
}
