// What the database worker can do, each task on the worker's own connection.
import type { Db } from '../db/database.ts';
import { alertIdleStep, alertStoreTasks } from '../firewall/alerts/alert-store-tasks.ts';
import { alertExportTasks } from '../firewall/export/alert-export-tasks.ts';
import { localDataTasks } from '../local-data/local-data-tasks.ts';
import { connectionDataTasks } from '../profiles/connection-data-tasks.ts';

export function createWorkerTasks(db: Db) {
  return { ...alertStoreTasks(db), ...alertExportTasks(db), ...localDataTasks(db), ...connectionDataTasks(db) };
}

/** What the worker does when main leaves it alone (see idle-work.ts): one step, answering whether more is left. */
export function createIdleStep(db: Db): () => boolean {
  return alertIdleStep(db);
}

export type WorkerTasks = ReturnType<typeof createWorkerTasks>;
