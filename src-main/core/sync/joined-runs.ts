/**
 * One run per key at a time: a caller that asks while one runs gets that run's promise. A sync walk
 * keeps one walk per list in its state (begun, advanced, completed), so two walks of one list at
 * once (Sync now beside the timer, a view opening on a stale copy) would complete each other's.
 */
export class JoinedRuns<Key> {
  readonly #running = new Map<Key, Promise<void>>();

  run(key: Key, start: () => Promise<void>): Promise<void> {
    const running = this.#running.get(key);
    if (running) return running;
    const run = start().finally(() => this.#running.delete(key));
    this.#running.set(key, run);
    return run;
  }
}
