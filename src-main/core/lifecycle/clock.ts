/** Time and timers as a service sees them; tests pass a fake one instead of waiting. */
export interface Clock {
  now(): number;
  /** A timer that never keeps the process alive. */
  setTimeout(callback: () => void, ms: number): { cancel(): void };
}

// Node turns a longer delay into 1 ms and warns each time, so a far-off wake-up would spin.
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_DELAY_MS));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
