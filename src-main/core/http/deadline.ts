// An overall deadline for work a user is waiting for (Test connection): every attempt, retry and
// wait of every request made inside it ends when it runs out, whatever the per-phase timeouts are.
// It travels with the async context rather than as a request option because those requests are
// made by back-end code and SDKs (openai) that have no place to carry it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../lifecycle/clock.ts';

export interface Deadline {
  readonly ms: number;
  /** Aborted when the time is up. */
  readonly signal: AbortSignal;
}

const running = new AsyncLocalStorage<Deadline>();

export async function withDeadline<T>(ms: number, clock: Clock, work: () => Promise<T>): Promise<T> {
  const expiry = new AbortController();
  const timer = clock.setTimeout(() => expiry.abort(new Error(`the overall deadline of ${ms} ms passed`)), ms);
  try {
    return await running.run({ ms, signal: expiry.signal }, work);
  } finally {
    timer.cancel();
  }
}

/** The deadline of the work this call is part of, if any. */
export function currentDeadline(): Deadline | undefined {
  return running.getStore();
}
