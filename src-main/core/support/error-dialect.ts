// The support API's errors (support.md): the name sits in the envelope's `error` field, or where
// other servers put it (`error.code`, a `code` that is not a number).
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.support.<code> in src-shared/i18n/.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { errorNameIn, type ErrorNamePlace } from '../wire/errors.ts';

export const SUPPORT_ERROR_NAME_PLACES: readonly ErrorNamePlace[] = ['error', 'error.code', 'code', 'error_code'];

export const supportDialect: ErrorDialect = {
  service: 'support',
  codeInBody: (body) => errorNameIn(body, SUPPORT_ERROR_NAME_PLACES),
  refinements: { 403: ['forbidden_scope', 'wrong_site', 'channel_disabled', 'forbidden_ip'] },
};
