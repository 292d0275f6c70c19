import { toDisposable, type Disposable } from './disposable.ts';

export type Listener<T> = (value: T) => void;

/** A typed event: `event(listener)` subscribes and returns what unsubscribes. */
export type Event<T> = (listener: Listener<T>) => Disposable;

/**
 * One event with its listeners. A listener that throws is reported to `onListenerError` and does
 * not stop the others: an event source never fails because of who listens to it.
 */
export class Emitter<T> implements Disposable {
  readonly #listeners = new Set<Listener<T>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.#onListenerError = onListenerError;
  }

  readonly event: Event<T> = (listener) => {
    const entry: Listener<T> = (value) => listener(value);
    this.#listeners.add(entry);
    return toDisposable(() => this.#listeners.delete(entry));
  };

  fire(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  dispose(): void {
    this.#listeners.clear();
  }
}
