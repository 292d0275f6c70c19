// How a call's end bears on its back end's connection state: what a profile's connection health is made of.
import { backEndAnswered, isWrite } from '../../../src-shared/back-end-reach.ts';
import type { ServiceError } from './types.ts';

type ShownError = Omit<ServiceError, 'certificate'>;

export type CallOutcome =
  /**
   * It answered; a 4xx refusal is an answer too. `tookChange`: a write it answered with success.
   * `serverTime`: the answer's Date header, when it had one.
   */
  | { kind: 'answered'; tookChange: boolean; serverTime?: number }
  /** A write answered with a 5xx: the back end is there, and did not make the change. */
  | { kind: 'refused-change'; error: ShownError }
  | { kind: 'not-reached'; error: ShownError };

/** A failed call of `method`; undefined for a failure decided on this side, which says nothing of the back end. */
export function outcomeOfFailure(error: ServiceError, method: string): CallOutcome | undefined {
  const answered = backEndAnswered(error);
  if (answered === undefined) return undefined;
  if (answered) return { kind: 'answered', tookChange: false };
  const { certificate: _certificate, ...shown } = error;
  return error.status !== undefined && isWrite(method) ? { kind: 'refused-change', error: shown } : { kind: 'not-reached', error: shown };
}

/** An answer to a call of `method`, with its Date header; undefined for a 5xx, which the caller explains as a failure. */
export function outcomeOfStatus(status: number, method: string, date: string | null): CallOutcome | undefined {
  if (status >= 500) return undefined;
  const serverTime = date === null ? Number.NaN : Date.parse(date);
  return { kind: 'answered', tookChange: isWrite(method) && status < 400, ...(Number.isNaN(serverTime) ? {} : { serverTime }) };
}
