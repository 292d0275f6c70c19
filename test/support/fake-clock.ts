import type { Clock } from '../../src-main/core/lifecycle/clock.ts';

/** A clock that moves only when the test says so; due timers fire in order, with pending work settled between. */
export class FakeClock implements Clock {
  #now: number;
  #nextId = 0;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.parse('2026-01-01T00:00:00.000Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): { cancel(): void } {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), callback });
    return { cancel: () => this.#timers.delete(id) };
  }

  /** Timers still waiting, as delays from now. */
  pending(): number[] {
    return [...this.#timers.values()].map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    for (;;) {
      await settle();
      const due = [...this.#timers.entries()].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.#timers.delete(id);
      this.#now = timer.at;
      timer.callback();
    }
    this.#now = until;
    await settle();
  }
}

/** Lets promise callbacks queued so far (and those they queue) run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round += 1) await Promise.resolve();
}
