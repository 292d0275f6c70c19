// A clock that moves only when a test moves it, shared by the code under test and the simulators,
// so both count the same time and no test sleeps.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../../src-main/core/lifecycle/clock.ts';
import { MAX_TIMER_DELAY_MS } from '../../src-main/core/lifecycle/clock.ts';

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

export class FakeClock implements Clock {
  #now: number;
  #order = 0;
  readonly #timers = new Set<Timer>();
  /** Delays that a real timer would have turned into 1 ms (it warns and fires at once). */
  readonly overflowingDelays: number[] = [];

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): { cancel(): void } {
    if (ms > MAX_TIMER_DELAY_MS) this.overflowingDelays.push(ms);
    const timer = { at: this.#now + Math.max(0, ms), order: this.#order++, callback };
    this.#timers.add(timer);
    return { cancel: () => this.#timers.delete(timer) };
  }

  /** Timers still waiting, as delays from now. */
  pending(): number[] {
    return [...this.#timers].map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way, in order, with pending work settled between. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    await nextTurn();
    for (let next = this.#nextTimer(); next && next.at <= end; next = this.#nextTimer()) {
      this.#now = Math.max(this.#now, next.at);
      this.#timers.delete(next);
      next.callback();
      await nextTurn();
    }
    this.#now = end;
    await nextTurn();
  }

  /**
   * Settles `work` that mixes real I/O (sockets to a simulator) with waits on this clock: lets
   * the I/O run, and jumps to the next timer the work itself set. Timers set before (a block's
   * expiry, a simulator's activity) are left for `advance`, so time never leaps past them while a
   * request is on the wire.
   */
  async run<T>(work: Promise<T>, { maxMs = 24 * 3_600_000 } = {}): Promise<T> {
    const firstOwnTimer = this.#order;
    let settled = false;
    const done = work.finally(() => {
      settled = true;
    });
    done.catch(() => {});
    const limit = this.#now + maxMs;
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (settled) break;
      const next = this.#nextTimer(firstOwnTimer);
      if (!next) continue;
      if (next.at > limit) throw new Error(`still waiting after ${maxMs} ms of fake time`);
      await this.advance(Math.max(0, next.at - this.#now));
    }
    return done;
  }

  #nextTimer(firstOrder = 0): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.#timers) {
      if (timer.order < firstOrder) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    }
    return next;
  }
}
