// The database worker's thread (see database-worker.ts): its own connection to the app's SQLite
// file, and the tasks main hands it, answered by request id.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database.ts';
import type { WorkerReply, WorkerRequest } from './database-worker.ts';
import { IdleWork } from './idle-work.ts';
import { createIdleStep, createWorkerTasks } from './worker-tasks.ts';

/** How long the worker must have been left alone before it does work of its own: longer than main takes to fetch a commit's pages from a fast appliance. */
const QUIET_MS = 250;

const port = parentPort!;
// Opening the file runs an update's migrations, each announced: main starts the worker first for them.
const db = openDatabase((workerData as { file: string }).file, (step) => port.postMessage({ migrating: step } satisfies WorkerReply));
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
