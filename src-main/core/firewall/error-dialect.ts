// The firewall's errors (firewall.md): the code sits in `error.code`, and the status decides first.
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.firewall.<code> in src-shared/i18n/.
import { nestedErrorCode, type ErrorDialect } from '../http/error-dialect.ts';

export const firewallDialect: ErrorDialect = {
  service: 'firewall',
  codeInBody: nestedErrorCode,
  refinements: { 401: ['key_expired'], 403: ['forbidden_role', 'forbidden_ip', 'edition_unsupported'] },
};
