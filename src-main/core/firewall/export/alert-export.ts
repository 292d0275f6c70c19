// CSV export of the filtered, sorted alerts: the user picks the file in a save dialog (main side,
// through the platform port); the database worker writes it (alert-export-tasks.ts), with progress
// as it goes.
import type { AlertFilter, AlertSort, ExportProgress, ExportResult } from '../../../../src-preload/contract/firewall.ts';
import type { DatabaseWorker } from '../../worker/database-worker.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Platform } from '../../platform.ts';

export class AlertExport {
  readonly #worker: DatabaseWorker;
  readonly #platform: Platform;
  readonly #progress = new Emitter<ExportProgress>();
  readonly onProgress = this.#progress.event;
  /** The exports under way, by the window's export id, so the user can stop one. */
  readonly #running = new Map<string, AbortController>();

  constructor(worker: DatabaseWorker, platform: Platform) {
    this.#worker = worker;
    this.#platform = platform;
  }

  async export(request: { profileId: string; exportId: string; filter: AlertFilter; sort: AlertSort }): Promise<ExportResult> {
    const path = await this.#platform.chooseSavePath({
      title: 'Export alerts',
      defaultName: `alerts-${new Date().toISOString().slice(0, 10)}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (path === null) return { path: null, rows: 0 };
    const { profileId, filter, sort, exportId } = request;
    const controller = new AbortController();
    this.#running.set(exportId, controller);
    try {
      const rows = await this.#worker.run('writeAlertsCsv', { path, profileId, filter, sort }, (progress) => this.#progress.fire({ exportId, ...progress }), controller.signal);
      return { path, rows };
    } catch (error) {
      if (controller.signal.aborted) return { path: null, rows: 0 };
      throw error;
    } finally {
      this.#running.delete(exportId);
    }
  }

  /** Stops an export under way; its unfinished file is removed and it answers as cancelled. */
  cancel(exportId: string): void {
    this.#running.get(exportId)?.abort();
  }

  /** Exports under way stop: closing does not wait for a long file to finish. */
  dispose(): void {
    for (const controller of this.#running.values()) controller.abort();
    this.#progress.dispose();
  }
}
