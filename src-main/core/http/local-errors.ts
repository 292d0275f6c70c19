// Failures decided on this side, before or instead of talking to the back end.
import type { ErrorDialect } from './error-dialect.ts';
import { serviceError } from './service-failure.ts';
import type { ServiceError } from './types.ts';

export function describeMissingKey(dialect: ErrorDialect): ServiceError {
  return serviceError({ service: dialect.service, code: 'missing_key', retryable: false });
}

/** A wording variant (`not_url`, `not_https`), or `problem`: what is wrong in the system's own words. */
export function describeInvalidSettings(dialect: ErrorDialect, problem: { context: 'not_url'; url: string } | { context: 'not_https' } | { problem: string }): ServiceError {
  return serviceError({ service: dialect.service, code: 'invalid_settings', params: problem, retryable: false });
}

export function describeCancelled(dialect: ErrorDialect): ServiceError {
  return serviceError({ service: dialect.service, code: 'cancelled', retryable: false });
}

/** `what`: the whole response against the profile's limit, or one line of an event stream against the line limit. */
export function describeResponseTooLarge(dialect: ErrorDialect, status: number, limitBytes: number, what: 'response' | 'line' = 'response'): ServiceError {
  return serviceError({
    service: dialect.service,
    status,
    code: 'response_too_large',
    params: { limitBytes, ...(what === 'line' ? { context: 'line' } : {}) },
    retryable: false,
  });
}
