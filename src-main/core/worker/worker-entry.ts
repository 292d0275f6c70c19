// The database worker's thread (see database-worker.ts): its own connection to the app's SQLite
// file, and the tasks main hands it, answered by request id.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '../db/database.ts';
import { DatabaseTroubleError } from '../db/database-trouble.ts';
import type { WorkerData, WorkerReply, WorkerRequest } from './database-worker.ts';
import { IdleWork } from './idle-work.ts';
import { createIdleStep, createWorkerTasks } from './worker-tasks.ts';

/** How long the worker must have been left alone before it does work of its own: longer than main takes to fetch a commit's pages from a fast appliance. */
const QUIET_MS = 250;

const port = parentPort!;
const { file, key, check } = workerData as WorkerData;
// Opening the file encrypts a plain one and runs an update's migrations, each announced: main
// starts the worker first for them. A damaged file or a failed migration is said as data, for
// main to ask the user what to do; the file is left as it was.
function open(): Db | null {
  try {
    return openDatabase(file, (step) => port.postMessage({ migrating: step } satisfies WorkerReply), {
      key,
      check,
      onConversion: (phase) => port.postMessage({ converting: phase } satisfies WorkerReply),
    });
  } catch (error) {
    if (!(error instanceof DatabaseTroubleError)) throw error;
    // Main ends this thread when it hears it (a message posted just before an exit may be lost).
    port.postMessage({ trouble: error.detail } satisfies WorkerReply);
    return null;
  }
}
const opened = open();
if (opened) serve(opened);

function serve(db: Db): void {
  const tasks = createWorkerTasks(db);
  // A process stopped during a backfill left the address indexes out; over a large cache their build
  // takes seconds, which main's thread never waits for.
  tasks.restoreAlertIndexes();
  const idle = new IdleWork(createIdleStep(db), QUIET_MS);
  idle.start();
  port.postMessage('ready' satisfies WorkerReply);

  /** The tasks under way, by request id, so main can ask one to stop. */
  const running = new Map<number, AbortController>();

  port.on('message', async (message: WorkerRequest) => {
    if (message === 'close') {
      idle.stop();
      db.close();
      port.close();
      return;
    }
    if ('cancel' in message) {
      running.get(message.cancel)?.abort();
      return;
    }
    const { id, task, args } = message;
    const reply = (value: WorkerReply) => port.postMessage(value);
    const controller = new AbortController();
    running.set(id, controller);
    idle.taskStarted();
    try {
      const run = tasks[task] as (args: unknown, report: (progress: unknown) => void, signal: AbortSignal) => unknown;
      reply({ id, result: await run(args, (progress) => reply({ id, progress }), controller.signal) });
    } catch (error) {
      reply({ id, error: error instanceof Error ? error.message : String(error) });
    } finally {
      running.delete(id);
      idle.taskEnded();
    }
  });
}
