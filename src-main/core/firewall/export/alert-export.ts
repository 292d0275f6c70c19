// CSV export of the filtered, sorted alerts: the user picks the file in a save dialog (main side,
// through the platform port); the database worker writes it (alert-export-tasks.ts), with progress
// as it goes.
import type { AlertFilter, AlertSort, ExportProgress, ExportResult } from '../../../../src-shared/contract/firewall.ts';
import { recordedExport, type ActivityRecorder } from '../../activity/activity-recorder.ts';
import type { DatabaseWorker } from '../../worker/database-worker.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Tasks } from '../../lifecycle/tasks.ts';
import type { Platform } from '../../platform.ts';

export class AlertExport {
  readonly #worker: DatabaseWorker;
  readonly #platform: Platform;
  readonly #progress = new Emitter<ExportProgress>();
  readonly onProgress = this.#progress.event;
  readonly #tasks: Tasks;
  readonly #activity: ActivityRecorder | undefined;

  constructor(worker: DatabaseWorker, platform: Platform, tasks: Tasks, activity?: ActivityRecorder) {
    this.#worker = worker;
    this.#platform = platform;
    this.#tasks = tasks;
    this.#activity = activity;
  }

  /** Runs as a task under the window's id for it: its progress goes to that window, and cancelling it removes the unfinished file. */
  export(request: { profileId: string; taskId: string; filter: AlertFilter; sort: AlertSort }, windowId?: number): Promise<ExportResult> {
    const draft = { profileId: request.profileId, backEnd: 'local' as const, action: { code: 'exportAlertsCsv' }, target: { kind: 'alerts' as const } };
    return recordedExport(this.#activity, draft, () => this.#export(request, windowId));
  }

  async #export(request: { profileId: string; taskId: string; filter: AlertFilter; sort: AlertSort }, windowId?: number): Promise<ExportResult> {
    const path = await this.#platform.chooseSavePath({
      title: 'Export alerts',
      defaultName: `alerts-${new Date().toISOString().slice(0, 10)}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (path === null) return { path: null, rows: 0 };
    const { profileId, filter, sort, taskId } = request;
    return this.#tasks.run(taskId, windowId, async (signal) => {
      try {
        const rows = await this.#worker.run('writeAlertsCsv', { path, profileId, filter, sort }, (progress) => this.#progress.fire({ taskId, ...progress }), signal);
        return { path, rows };
      } catch (error) {
        if (signal.aborted) return { path: null, rows: 0 };
        throw error;
      }
    });
  }

  dispose(): void {
    this.#progress.dispose();
  }
}
