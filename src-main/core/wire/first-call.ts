// A 404 on the first call a connection makes says nothing about an object: the address (or the API
// version in it) is wrong, so the error points there instead of at refreshing a list.
import { ServiceFailure, serviceError } from '../http/service-failure.ts';

export function explainFirstCallFailure(error: unknown, addressShape: string): unknown {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'not_found') return error;
  const { message: _message, hint: _hint, ...fields } = error.serviceError;
  return new ServiceFailure(serviceError({ ...fields, params: { ...fields.params, context: 'first_call', address: addressShape } }), { cause: error });
}
