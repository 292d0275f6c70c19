// The CSV export's work in the database worker (alert-export.ts is main's side): rows stream from
// SQLite to the file one at a time, so 100k rows never sit in memory, with progress as they go.
import { stringify } from 'csv-stringify';
import { neutraliseCell } from '../../csv-cell.ts';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AlertFilter, AlertRow, AlertSort } from '../../../../src-shared/contract/firewall.ts';
import { openReader, type Db } from '../../db/database.ts';
import { registerWordPrefixMatch } from '../../db/word-prefix-match.ts';
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


export interface AlertCsvRequest {
  path: string;
  profileId: string;
  filter: AlertFilter;
  sort: AlertSort;
}

/** The export's work in the database worker: its rows never pass through main's heap. */
export function alertExportTasks(db: Db) {
  return {
    /** Writes the CSV, reporting rows written so far; answers how many. Stopped, it removes the unfinished file. */
    writeAlertsCsv: async (request: AlertCsvRequest, report: (progress: { written: number; total: number }) => void, signal?: AbortSignal): Promise<number> => {
      // Its own read-only connection: one read transaction (a consistent snapshot, while sync keeps
      // writing) and a long-lived cursor that leaves the worker's connection free for sync's commits.
      const reader = openReader(db);
      registerWordPrefixMatch(reader);
      try {
        reader.exec('BEGIN');
        const alerts = new AlertRepository(reader);
        const total = alerts.countMatching(request.profileId, request.filter);
        let written = 0;
        report({ written, total });
        const records = function* () {
          for (const row of alerts.iterate(request.profileId, request.filter, request.sort)) {
            yield COLUMNS.map(({ key }) => {
              const value = row[key];
              return value === null ? '' : neutraliseCell(String(value));
            });
            written++;
            if (written % PROGRESS_EVERY === 0) report({ written, total });
          }
        };
        try {
          await pipeline(Readable.from(records()), stringify({ header: true, columns: COLUMNS.map(({ header }) => header), bom: true }), createWriteStream(request.path), { signal });
        } catch (error) {
          if (signal?.aborted) await rm(request.path, { force: true });
          throw error;
        }
        report({ written, total });
        return written;
      } finally {
        reader.close();
      }
    },
  };
}
