// The database worker, main's side: a worker thread with its own connection to the app's SQLite
// file. A sync's pages and a CSV export of the cache go through it, so main's thread keeps
// answering the window while they run and main's heap never holds what streams through
// (docs/architecture.md, "The database worker").
import { Worker } from 'node:worker_threads';
import type { DatabaseKey, MigrationStep } from '../db/database.ts';
import { DatabaseTroubleError, type DatabaseTroubleDetail } from '../db/database-trouble.ts';
import type { ConversionPhase } from '../db/encrypt-file.ts';
import type { WorkerTasks } from './worker-tasks.ts';

type TaskName = keyof WorkerTasks;
type ArgsOf<Name extends TaskName> = Parameters<WorkerTasks[Name]>[0];
type ResultOf<Name extends TaskName> = Awaited<ReturnType<WorkerTasks[Name]>>;
type ProgressOf<Name extends TaskName> = Parameters<WorkerTasks[Name]>[1] extends ((progress: infer Progress) => void) | undefined ? Progress : never;

export type WorkerRequest = { id: number; task: TaskName; args: unknown } | { cancel: number } | 'close';

/** What the worker's thread is started with. */
export interface WorkerData {
  file: string;
  key: DatabaseKey | null;
  /** Check the file before opening it (the first connection of a start). */
  check: boolean;
}

/**
 * `ready`: the worker's connection is open; on its way there it encrypts a plain file
 * (`converting`) and runs migrations (`migrating`); `trouble`: the file could not be opened as it is.
 */
export type WorkerReply = 'ready' | { migrating: MigrationStep } | { converting: ConversionPhase } | { trouble: DatabaseTroubleDetail } | { id: number; progress: unknown } | { id: number; result: unknown } | { id: number; error: string };

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: (progress: unknown) => void;
}

export class DatabaseWorker {
  readonly #entry: URL;
  readonly #file: string;
  readonly #key: DatabaseKey | null;
  #check = false;
  #worker: Worker | null = null;
  /** Settles when the running worker has opened its connection, or stopped before it could. */
  #ready: Promise<void> = Promise.resolve();
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  #onMigration: (step: MigrationStep) => void = () => {};
  #onConversion: (phase: ConversionPhase) => void = () => {};

  /** `entry`: the worker's script (worker-entry.ts, or its bundle in the app); `file`: the SQLite file; `key`: its key, null for a plain file. */
  constructor(entry: URL, file: string, key: DatabaseKey | null = null) {
    this.#entry = entry;
    this.#file = file;
    this.#key = key;
  }

  /**
   * Runs a task in the worker; started on first use, and again after it died. `signal` asks the
   * task to stop (a task that can stop rejects; one that cannot finishes).
   */
  run<Name extends TaskName>(task: Name, args: ArgsOf<Name>, onProgress?: (progress: ProgressOf<Name>) => void, signal?: AbortSignal): Promise<ResultOf<Name>> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise<ResultOf<Name>>((resolve, reject) => {
      const cancel = () => worker.postMessage({ cancel: id } satisfies WorkerRequest);
      signal?.addEventListener('abort', cancel, { once: true });
      const done = () => signal?.removeEventListener('abort', cancel);
      this.#pending.set(id, {
        resolve: (result) => (done(), resolve(result as ResultOf<Name>)),
        reject: (error) => (done(), reject(error)),
        ...(onProgress && { onProgress: onProgress as (progress: unknown) => void }),
      });
      // Kept alive only while it works: an idle worker never holds the process open.
      worker.ref();
      worker.postMessage({ id, task, args } satisfies WorkerRequest);
    });
  }

  /**
   * Starts the worker ahead of its first task (the app's start, rather than a sync's first
   * commit, pays for its thread and connection); resolves once the connection is open. Opening
   * it brings the file's schema up to date: `onMigration` hears of each migration before it runs.
   * With `first`, the worker checks the file first and encrypts a plain one (`onConversion`); a
   * damaged file or a failed migration rejects with a `DatabaseTroubleError`.
   */
  start(onMigration?: (step: MigrationStep) => void, first?: { onConversion?: (phase: ConversionPhase) => void }): Promise<void> {
    if (onMigration) this.#onMigration = onMigration;
    if (first) {
      this.#check = true;
      if (first.onConversion) this.#onConversion = first.onConversion;
    }
    if (!this.#worker) this.#start();
    return this.#ready;
  }

  /** Lets the tasks under way finish, then closes the worker's connection and ends it. */
  async dispose(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    await Promise.allSettled([...this.#pending.keys()].map((id) => new Promise<void>((resolve) => this.#whenSettled(id, resolve))));
    // A worker that died meanwhile has nothing left to close (and no exit left to wait for).
    if (this.#worker !== worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close' satisfies WorkerRequest);
    await exited;
  }

  #start(): Worker {
    const worker = new Worker(this.#entry, { workerData: { file: this.#file, key: this.#key, check: this.#check } satisfies WorkerData });
    // Only the start's first connection checks the file; a worker started again later does not.
    this.#check = false;
    worker.unref();
    let opened = () => {};
    let failed: (error: Error) => void = () => {};
    this.#ready = new Promise<void>((resolve, reject) => ((opened = resolve), (failed = reject)));
    // Whoever waits for the worker hears why it failed; nobody waiting is no unhandled rejection.
    this.#ready.catch(() => {});
    worker.on('message', (reply: WorkerReply) => {
      if (reply === 'ready') return opened();
      if ('migrating' in reply) return this.#onMigration(reply.migrating);
      if ('converting' in reply) return this.#onConversion(reply.converting);
      if ('trouble' in reply) {
        failed(new DatabaseTroubleError(reply.trouble));
        void worker.terminate();
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      if ('progress' in reply) return pending.onProgress?.(reply.progress);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reply.result);
    });
    const stopped = (reason: string) => {
      if (this.#worker === worker) this.#worker = null;
      failed(new Error(`The database worker stopped (${reason}) before its connection was open.`));
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(new Error(`The database worker stopped (${reason}); what it was doing was not finished.`));
      }
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    this.#worker = worker;
    return worker;
  }

  #whenSettled(id: number, settled: () => void): void {
    const pending = this.#pending.get(id);
    if (!pending) return settled();
    const { resolve, reject } = pending;
    pending.resolve = (result) => (resolve(result), settled());
    pending.reject = (error) => (reject(error), settled());
  }
}
