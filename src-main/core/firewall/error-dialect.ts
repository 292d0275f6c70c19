// The firewall's errors (firewall.md): the code sits in `error.code` (or, from servers that chose
// otherwise, in `code` or a string `error`), and the status decides first.
// The body shapes are recorded in docs/api-assumptions.md.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { errorNameIn } from '../wire/errors.ts';

const explanations: ErrorDialect['explanations'] = {
  bad_request: {
    message: 'The firewall rejected the request parameters.',
    hint: 'Check the values you entered (addresses, durations, page sizes).',
  },
  unauthorized: {
    message: 'The firewall did not accept the key: it is missing or invalid.',
    hint: 'Paste the key again; a lost key must be regenerated in the back office (system → open interface → API key).',
  },
  key_expired: {
    message: 'The firewall key has expired.',
    hint: 'Generate a new key in the back office (system → open interface → API key) and store it in this profile.',
  },
  forbidden_role: {
    message: "The key's role does not allow this action.",
    hint: 'Use a key with the operations role to block and unblock, or administrator for policies and system settings.',
  },
  forbidden_ip: {
    message: "The firewall refused this computer's address: it is not in the key's IP allowlist.",
    hint: "Add this machine's address to the key's allowlist in the back office, or connect from an allowed network.",
  },
  edition_unsupported: {
    message: "This firewall edition does not support the operation.",
    hint: 'The free web-application-firewall edition is read-only and has no honeypots or device management; use an enterprise or data-center appliance.',
  },
  forbidden: {
    message: 'The firewall refused the request: role, source address or edition.',
    hint: "Check the key's role and IP allowlist, and the appliance's edition.",
  },
  not_found: {
    message: 'The firewall has no such object.',
    hint: 'Refresh the list; it may have been removed or may have expired.',
  },
  rate_limited: {
    message: "The key's call-rate limit on the firewall was exceeded.",
    hint: "Wait a moment, and set the profile's rate limit to the call-rate limit configured for the key.",
  },
};

export const firewallDialect: ErrorDialect = {
  service: 'firewall',
  label: 'The firewall',
  codeInBody: (body) => errorNameIn(body, ['error.code', 'code', 'error', 'error_code']),
  refinements: { 401: ['key_expired'], 403: ['forbidden_role', 'forbidden_ip', 'edition_unsupported'] },
  explanations,
};
