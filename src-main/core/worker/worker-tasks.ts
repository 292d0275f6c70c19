// What the database worker can do, each task on the worker's own connection.
import type { Db } from '../db/database.ts';
import { alertStoreTasks } from '../firewall/alerts/alert-store-tasks.ts';
import { alertExportTasks } from '../firewall/export/alert-export.ts';

export function createWorkerTasks(db: Db) {
  return { ...alertStoreTasks(db), ...alertExportTasks(db) };
}

export type WorkerTasks = ReturnType<typeof createWorkerTasks>;
