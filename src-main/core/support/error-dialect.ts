// The support API's errors (support.md): the name sits in the envelope's `error` field, or where
// other servers put it (`error.code`, a `code` that is not a number). The body shapes are recorded
// in docs/api-assumptions.md.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { errorNameIn, type ErrorNamePlace } from '../wire/errors.ts';

export const SUPPORT_ERROR_NAME_PLACES: readonly ErrorNamePlace[] = ['error', 'error.code', 'code', 'error_code'];

const explanations: ErrorDialect['explanations'] = {
  bad_request: {
    message: 'The support API rejected the request: a parameter is missing or invalid.',
    hint: 'Check the values you entered.',
  },
  unauthorized: {
    message: 'The support API did not accept the key: it is missing, wrongly formatted or revoked.',
    hint: 'Paste the application key again (svc_live_… or svc_test_…), or issue a new one under system settings → open applications.',
  },
  forbidden_scope: {
    message: 'This key lacks the scope this action needs.',
    hint: "Use a key of an application type with that scope (ops covers crm.* and work.*), or add the scope to the application.",
  },
  wrong_site: {
    message: 'The key is not bound to the site this profile names.',
    hint: 'Set the profile to the site the key was issued for, or issue a key for this site.',
  },
  channel_disabled: {
    message: "The site's open API channel is switched off.",
    hint: "Open the API channel in the site's settings (it is off by default).",
  },
  forbidden_ip: {
    message: "The support API refused this computer's address: it is not in the key's IP allowlist.",
    hint: "Add this machine's public address to the key's allowlist, or connect from an allowed network.",
  },
  forbidden: {
    message: 'The support API refused the request.',
    hint: "Check the key's scopes, site and IP allowlist.",
  },
  not_found: {
    message: 'The object does not exist, or it belongs to another site.',
    hint: "Refresh the list, and check that the profile's site owns the object.",
  },
  conflict: {
    message: 'An object with this id already exists.',
    hint: 'Use another id, or edit the existing entry.',
  },
  rate_limited: {
    message: "The support API's per-minute limit for this key was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the key's limit (60 per minute unless changed).",
  },
};

export const supportDialect: ErrorDialect = {
  service: 'support',
  label: 'The support API',
  codeInBody: (body) => errorNameIn(body, SUPPORT_ERROR_NAME_PLACES),
  refinements: { 403: ['forbidden_scope', 'wrong_site', 'channel_disabled', 'forbidden_ip'] },
  explanations,
};
