import { inEnglish } from '../english-text.ts';
import type { ServiceError } from './types.ts';

/** What the core throws when talking to a back end went wrong; the error it carries is plain data. */
export class ServiceFailure extends Error {
  readonly serviceError: ServiceError;

  constructor(serviceError: ServiceError, options?: { cause?: unknown }) {
    super(serviceError.message, options);
    this.name = 'ServiceFailure';
    this.serviceError = serviceError;
  }
}

/** A service error with its English words from the catalog; the code and params are what the window words. */
export function serviceError(fields: Omit<ServiceError, 'message' | 'hint'>): ServiceError {
  const { message, hint = '' } = inEnglish(fields);
  return { ...fields, message, hint };
}
