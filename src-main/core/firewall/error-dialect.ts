// The firewall's errors (firewall.md): the code sits in `error.code` (or, from servers that chose
// otherwise, in `code` or a string `error`), and the status decides first.
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.firewall.<code> in src-shared/i18n/.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { errorNameIn } from '../wire/errors.ts';

export const firewallDialect: ErrorDialect = {
  service: 'firewall',
  codeInBody: (body) => {
    const name = errorNameIn(body, ['error.code', 'code', 'error', 'error_code']);
    // `token_expired`, `API_KEY_EXPIRED`, `expired_key`: the key has expired, whatever the spelling (a 401 only).
    return name !== undefined && /expire/i.test(name) ? 'key_expired' : name;
  },
  refinements: { 401: ['key_expired'], 403: ['forbidden_role', 'forbidden_ip', 'edition_unsupported'] },
};
