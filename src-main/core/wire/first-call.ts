// A 404 on the first call a connection makes says nothing about an object: the address (or the API
// version in it) is wrong, so the error points there instead of at refreshing a list.
import type { ErrorDialect } from '../http/error-dialect.ts';
import { ServiceFailure } from '../http/service-failure.ts';

export function explainFirstCallFailure(error: unknown, dialect: ErrorDialect, addressShape: string): unknown {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'not_found') return error;
  return new ServiceFailure(
    {
      ...error.serviceError,
      message: `${dialect.label} answered 404 (not found) to the connection test: the address does not lead to its API.`,
      hint: `Check the address and the API version in it; it should look like ${addressShape}.`,
    },
    { cause: error },
  );
}
