// The model gateway's errors (gateway.md): the code sits in `error.code`; its only permission error
// is the model whitelist, so a bare 403 means that.
// The body shapes are recorded in docs/api-assumptions.md.
import { nestedErrorCode, type ErrorDialect } from '../http/error-dialect.ts';

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

export const gatewayDialect: ErrorDialect = {
  service: 'gateway',
  label: 'The model gateway',
  codeInBody: nestedErrorCode,
  refinements: { 403: ['model_not_permitted'] },
  silentBody: { 403: 'model_not_permitted' },
  explanations,
};
