// The support API's errors (support.md): the code sits in the envelope's `error` field.
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.support.<code> in src-shared/i18n/.
import { stringField, type ErrorDialect } from '../http/error-dialect.ts';

export const supportDialect: ErrorDialect = {
  service: 'support',
  codeInBody: (body) => stringField(body, 'error'),
  refinements: { 403: ['forbidden_scope', 'wrong_site', 'channel_disabled', 'forbidden_ip'] },
};
