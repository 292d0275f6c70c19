// CSV export of the filtered, sorted alerts: the user picks the file in a save dialog (main side,
// through the platform port); rows stream from SQLite to the file one at a time, so 100k rows
// never sit in memory, with progress as they go.
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AlertFilter, AlertRow, AlertSort, ExportProgress, ExportResult } from '../../../../src-preload/contract/firewall.ts';
import type { Db } from '../../db/database.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Platform } from '../../platform.ts';
import { AlertRepository } from '../alerts/alert-repository.ts';

const COLUMNS: { key: keyof AlertRow; header: string }[] = [
  { key: 'id', header: 'id' },
  { key: 'occurredAt', header: 'occurred_at' },
  { key: 'severity', header: 'severity' },
  { key: 'category', header: 'category' },
  { key: 'action', header: 'action' },
  { key: 'srcIp', header: 'src_ip' },
  { key: 'srcPort', header: 'src_port' },
  { key: 'dstIp', header: 'dst_ip' },
  { key: 'dstPort', header: 'dst_port' },
  { key: 'protocol', header: 'protocol' },
  { key: 'signature', header: 'signature' },
  { key: 'message', header: 'message' },
  { key: 'deviceId', header: 'device_id' },
];
const PROGRESS_EVERY = 1000;

/** A spreadsheet runs a cell that starts with =, +, -, @, tab or CR as a formula; a leading ' makes it text. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export class AlertExport {
  readonly #db: Db;
  readonly #platform: Platform;
  readonly #progress = new Emitter<ExportProgress>();
  readonly onProgress = this.#progress.event;

  constructor(db: Db, platform: Platform) {
    this.#db = db;
    this.#platform = platform;
  }

  async export(request: { profileId: string; exportId: string; filter: AlertFilter; sort: AlertSort }): Promise<ExportResult> {
    const path = await this.#platform.chooseSavePath({
      title: 'Export alerts',
      defaultName: `alerts-${new Date().toISOString().slice(0, 10)}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (path === null) return { path: null, rows: 0 };
    // Its own read-only connection: one read transaction (a consistent snapshot, while sync keeps
    // writing through the main connection) and a long-lived cursor the main connection cannot hold.
    const reader = new Database(this.#db.name, { readonly: true, fileMustExist: true });
    try {
      reader.exec('BEGIN');
      const alerts = new AlertRepository(reader);
      const total = alerts.countMatching(request.profileId, request.filter);
      let written = 0;
      const report = () => this.#progress.fire({ exportId: request.exportId, written, total });
      report();
      const records = function* () {
        for (const row of alerts.iterate(request.profileId, request.filter, request.sort)) {
          yield COLUMNS.map(({ key }) => {
            const value = row[key];
            return value === null ? '' : neutraliseCell(String(value));
          });
          written++;
          if (written % PROGRESS_EVERY === 0) report();
        }
      };
      await pipeline(Readable.from(records()), stringify({ header: true, columns: COLUMNS.map(({ header }) => header), bom: true }), createWriteStream(path));
      report();
      return { path, rows: written };
    } finally {
      reader.close();
    }
  }

  dispose(): void {
    this.#progress.dispose();
  }
}
