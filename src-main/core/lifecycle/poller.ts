import type { Logger } from '../log/logger.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Disposable } from './disposable.ts';

export interface PollerOptions {
  /** Named in the log line of a failed run. */
  name: string;
  /** One run; a rejection is logged and makes the next run wait longer. */
  run(): Promise<void>;
  intervalMs: number;
  /** Each wait varies by up to this share of itself, so that pollers do not all fire together. */
  jitter?: number;
  /** The longest wait while runs keep failing. */
  maxBackoffMs?: number;
  logger: Logger;
  clock?: Clock;
  random?: () => number;
}

/**
 * Background work with an owner: runs `run` every interval (with jitter), waits twice as long after
 * each failure up to a cap, never overlaps itself, can be paused, and stops for good on dispose.
 * Its timers never keep the process alive, and a failure is logged, never thrown.
 */
export class Poller implements Disposable {
  readonly #options: Required<Omit<PollerOptions, 'clock' | 'random'>>;
  readonly #clock: Clock;
  readonly #random: () => number;
  #timer: { cancel(): void } | undefined;
  #running = false;
  #paused = true;
  #disposed = false;
  #failures = 0;

  constructor(options: PollerOptions) {
    this.#options = { jitter: 0.1, maxBackoffMs: options.intervalMs * 16, ...options };
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
  }

  /** Consecutive failed runs; 0 after a success. */
  get failures(): number {
    return this.#failures;
  }

  /** Runs at once, then on schedule. Starting a running poller changes nothing. */
  start(): void {
    if (this.#disposed || !this.#paused) return;
    this.#paused = false;
    this.#schedule(0);
  }

  /** No run starts until `start` again; a run under way finishes. */
  pause(): void {
    this.#paused = true;
    this.#timer?.cancel();
    this.#timer = undefined;
  }

  /** Runs now (the user asked to refresh) and starts the schedule again from here. */
  runNow(): void {
    if (this.#disposed || this.#paused) return;
    this.#schedule(0);
  }

  dispose(): void {
    this.#disposed = true;
    this.pause();
  }

  /** The wait before the next run: the interval, doubled per failure up to the cap, give or take the jitter. */
  nextDelayMs(): number {
    const { intervalMs, maxBackoffMs, jitter } = this.#options;
    const base = Math.min(maxBackoffMs, intervalMs * 2 ** this.#failures);
    return Math.round(base * (1 - jitter + 2 * jitter * this.#random()));
  }

  #schedule(ms: number): void {
    this.#timer?.cancel();
    this.#timer = this.#clock.setTimeout(() => void this.#tick(), ms);
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    if (this.#paused || this.#disposed) return;
    if (this.#running) return;
    this.#running = true;
    try {
      await this.#options.run();
      this.#failures = 0;
    } catch (error) {
      this.#failures += 1;
      this.#options.logger.warn('background run failed', { poller: this.#options.name, failures: this.#failures, error });
    } finally {
      this.#running = false;
    }
    if (!this.#paused && !this.#disposed && !this.#timer) this.#schedule(this.nextDelayMs());
  }
}
