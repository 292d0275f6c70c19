// Work the database worker does on its own once main has left it alone for a while: a step at a
// time, each a short transaction, so a task main sends meanwhile waits for one step at most. While
// a fast appliance keeps the worker storing pages back to back it never runs; behind a slow one it
// fills the gaps between commits (docs/architecture.md, "The database worker").
import { systemClock, type Clock } from '../lifecycle/clock.ts';

export class IdleWork {
  readonly #step: () => boolean;
  readonly #quietMs: number;
  readonly #clock: Clock;
  #tasksRunning = 0;
  #timer: { cancel(): void } | null = null;
  #stopped = false;

  /** `step` does one piece of the work and answers whether any is left. */
  constructor(step: () => boolean, quietMs: number, clock: Clock = systemClock) {
    this.#step = step;
    this.#quietMs = quietMs;
    this.#clock = clock;
  }

  /** From now, once nothing has run for the quiet spell (work a process left unfinished). */
  start(): void {
    this.#wait(this.#quietMs);
  }

  taskStarted(): void {
    this.#tasksRunning++;
    this.#wait(this.#quietMs);
  }

  taskEnded(): void {
    this.#tasksRunning--;
    this.#wait(this.#quietMs);
  }

  stop(): void {
    this.#stopped = true;
    this.#timer?.cancel();
  }

  #wait(ms: number): void {
    this.#timer?.cancel();
    this.#timer = null;
    if (this.#stopped || this.#tasksRunning > 0) return;
    this.#timer = this.#clock.setTimeout(() => this.#run(), ms);
  }

  #run(): void {
    this.#timer = null;
    let more: boolean;
    try {
      more = this.#step();
    } catch {
      // The work stays where it was (a step is one transaction) and is tried again after the
      // next task: a step fails only when main held the write lock past the busy timeout.
      return;
    }
    // A timer, not a loop: a task that arrived meanwhile goes first.
    if (more) this.#wait(0);
  }
}
