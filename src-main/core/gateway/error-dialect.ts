// The model gateway's errors (gateway.md): the code sits in `error.code`; its only permission error
// is the model whitelist, so a bare 403 means that.
// The body shapes are recorded in docs/api-assumptions.md; the words are errors.gateway.<code> in src-shared/i18n/.
import { nestedErrorCode, type ErrorDialect } from '../http/error-dialect.ts';

export const gatewayDialect: ErrorDialect = {
  service: 'gateway',
  codeInBody: nestedErrorCode,
  refinements: { 403: ['model_not_permitted'] },
  silentBody: { 403: 'model_not_permitted' },
};
