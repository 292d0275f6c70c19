// Whether a call's end says the back end answered: what a profile's connection health is made of.
import type { ServiceError, ServiceErrorCode } from './types.ts';

export type CallOutcome = { reached: true } | { reached: false; error: Omit<ServiceError, 'certificate'> };

/** Failures decided on this side before or without talking to the back end: they say nothing about it. */
const LOCAL_FAILURES: ReadonlySet<ServiceErrorCode> = new Set(['missing_key', 'invalid_settings', 'cancelled']);

/** A 4xx (or an unusable body under one) means the server answered; 5xx, network, TLS and timeouts mean it did not. */
export function outcomeOfFailure(error: ServiceError): CallOutcome | undefined {
  if (LOCAL_FAILURES.has(error.code)) return undefined;
  if (error.status !== undefined && error.status < 500) return { reached: true };
  const { certificate: _certificate, ...shown } = error;
  return { reached: false, error: shown };
}

export function outcomeOfStatus(status: number): CallOutcome | undefined {
  return status < 500 ? { reached: true } : undefined;
}
