// Failures decided on this side, before or instead of talking to the back end.
import type { ErrorDialect } from './error-dialect.ts';
import type { ServiceError } from './types.ts';

export function describeMissingKey(dialect: ErrorDialect): ServiceError {
  return {
    service: dialect.service,
    code: 'missing_key',
    message: `No API key is stored for this ${dialect.service} profile.`,
    hint: 'Enter the key in the profile settings.',
    retryable: false,
  };
}

export function describeInvalidSettings(dialect: ErrorDialect, problem: string): ServiceError {
  return {
    service: dialect.service,
    code: 'invalid_settings',
    message: `The ${dialect.service} profile cannot be used: ${problem}.`,
    hint: 'Correct the profile settings.',
    retryable: false,
  };
}

export function describeCancelled(dialect: ErrorDialect): ServiceError {
  return { service: dialect.service, code: 'cancelled', message: 'The request was cancelled.', hint: 'Nothing to do.', retryable: false };
}

export function describeResponseTooLarge(dialect: ErrorDialect, status: number, limitBytes: number, what: 'response' | 'line' = 'response'): ServiceError {
  return {
    service: dialect.service,
    status,
    code: 'response_too_large',
    message:
      what === 'line'
        ? `${dialect.label} sent a line longer than ${limitBytes} bytes in its event stream; reading stopped.`
        : `${dialect.label} sent a response larger than the ${limitBytes}-byte limit of this profile; reading stopped.`,
    hint:
      what === 'line'
        ? 'A well-behaved stream sends short lines; the service or a proxy in front of it is misbehaving. Tell its administrator.'
        : 'Ask for less: a smaller page size or a narrower filter.',
    retryable: false,
  };
}
