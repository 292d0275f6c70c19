/** Time and timers as a service sees them; tests pass a fake one instead of waiting. */
export interface Clock {
  now(): number;
  /** A timer that never keeps the process alive. */
  setTimeout(callback: () => void, ms: number): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
