// The time the rate limiter and the retries wait on, so tests can move it instead of sleeping.

export interface Clock {
  now(): number;
  /** Runs `callback` once `ms` have passed; the returned function cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

// Node turns a longer delay into 1 ms and warns each time, so a far-off wake-up would spin.
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const timer = setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_DELAY_MS));
    return () => clearTimeout(timer);
  },
};

export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
