import type { ServiceError } from './types.ts';

/** The one error type the core throws for anything that went wrong talking to a back end. */
export class ServiceFailure extends Error {
  readonly serviceError: ServiceError;

  constructor(serviceError: ServiceError, options?: { cause?: unknown }) {
    super(serviceError.message, options);
    this.name = 'ServiceFailure';
    this.serviceError = serviceError;
  }
}
