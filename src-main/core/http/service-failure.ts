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
