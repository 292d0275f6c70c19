import type { AsyncDisposable } from './disposable.ts';

interface Running {
  windowId: number | undefined;
  controller: AbortController;
  settled: Promise<unknown>;
}

/**
 * The long calls under way (an export, a streamed answer, an upload), each under an id the window
 * made when it asked: its progress goes to that window alone, and `cancel(id)` stops it whichever
 * service runs it. Disposing stops them all and waits until each has wound down.
 */
export class Tasks implements AsyncDisposable {
  readonly #running = new Map<string, Running>();

  /** Runs `work` under `taskId` until it settles; `signal` aborts when the task is cancelled. */
  run<T>(taskId: string, windowId: number | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#running.has(taskId)) throw new Error(`a task ${taskId} is already running`);
    const controller = new AbortController();
    const result = work(controller.signal).finally(() => this.#running.delete(taskId));
    this.#running.set(taskId, { windowId, controller, settled: result.catch(() => undefined) });
    return result;
  }

  /** The window that started the task, while it runs; undefined: every window. */
  askerOf(taskId: string): number | undefined {
    return this.#running.get(taskId)?.windowId;
  }

  /** Stops the task; one already finished (or never started) is no error. */
  cancel(taskId: string): null {
    this.#running.get(taskId)?.controller.abort();
    return null;
  }

  async dispose(): Promise<void> {
    const running = [...this.#running.values()];
    for (const { controller } of running) controller.abort();
    await Promise.all(running.map(({ settled }) => settled));
  }
}
