/** Something that holds a resource (a timer, a listener, a socket pool) until it is disposed. */
export interface Disposable {
  dispose(): void;
}

export function toDisposable(dispose: () => void): Disposable {
  let disposed = false;
  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      dispose();
    },
  };
}

/** Owns disposables and disposes them all, newest first; anything added afterwards is disposed at once. */
export class DisposableStore implements Disposable {
  readonly #items = new Set<Disposable>();
  #disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.#disposed) item.dispose();
    else this.#items.add(item);
    return item;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const items = [...this.#items].reverse();
    this.#items.clear();
    for (const item of items) item.dispose();
  }
}

/** Something whose teardown may have to wait (a worker thread, a listening socket, open connections). */
export interface AsyncDisposable {
  dispose(): void | Promise<void>;
}

/**
 * Owns what is built in order (the app's services) and disposes it newest first, each finished
 * before the next begins, so nothing outlives what it was built on. A failing disposal does not
 * stop the rest; the failures are thrown together at the end.
 */
export class AsyncDisposableStore implements AsyncDisposable {
  readonly #items: AsyncDisposable[] = [];
  #disposed: Promise<void> | null = null;

  add<T extends AsyncDisposable>(item: T): T {
    if (this.#disposed) throw new Error('added to a store already disposed');
    this.#items.push(item);
    return item;
  }

  dispose(): Promise<void> {
    this.#disposed ??= this.#disposeAll();
    return this.#disposed;
  }

  async #disposeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (const item of this.#items.splice(0).reverse()) {
      try {
        await item.dispose();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'several disposals failed');
  }
}
