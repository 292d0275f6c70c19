// A 404 on the first call a connection makes says nothing about an object: the address (or the API
// version in it) is wrong, so the error points there instead of at refreshing a list.
import { ServiceFailure, serviceError } from '../http/service-failure.ts';

/** `expected`: what the address should look like, e.g. `https://<appliance>:9443/api/v1`. */
export function explainFirstCallFailure(error: unknown, expected: string): unknown {
  if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'not_found') return error;
  const { message: _message, hint: _hint, params, ...rest } = error.serviceError;
  return new ServiceFailure(serviceError({ ...rest, params: { ...params, context: 'first_call', expected } }), { cause: error });
}
