// The export's and the import's work in the database worker (local-data-service.ts is main's side):
// reading every local-only row, deriving the key (scrypt's fraction of a second), sealing or
// opening the file and merging it all happen off main's thread.
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { LocalDataGroup, LocalDataMergeCount } from '../../../src-shared/contract/local-data.ts';
import { openReader, type Db } from '../db/database.ts';
import { Redactor } from '../log/redactor.ts';
import { LocalDataFileError, openLocalData, sealLocalData, type LocalDataFileProblem, type ScryptParameters } from './local-data-file.ts';
import { collectLocalRows, groupRows, isPayload, mergeLocalRows, type LocalDataPayload } from './local-data-rows.ts';

/** A file this large is not an export of one analyst's own records. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

export interface LocalDataExportRequest {
  path: string;
  passphrase: string;
  /** Every secret the keychain gave this run: blanked in any row that holds one. */
  secrets: string[];
  exportedAt: string;
  /** Tests pass cheaper parameters; the app, the default. */
  scrypt?: ScryptParameters;
}

export interface LocalDataImportRequest {
  path: string;
  passphrase: string;
}

export type LocalDataFileOutcome<T> = { ok: true; value: T } | { ok: false; problem: LocalDataFileProblem | 'local_data_file_too_large' };

type Progress = (progress: { phase: 'reading' | 'writing' | 'merging'; done: number; total: number }) => void;

async function readPayload(db: Db, { path, passphrase }: LocalDataImportRequest): Promise<LocalDataFileOutcome<LocalDataPayload>> {
  if ((await stat(path)).size > MAX_FILE_BYTES) return { ok: false, problem: 'local_data_file_too_large' };
  let payload: unknown;
  try {
    payload = JSON.parse(openLocalData(await readFile(path), passphrase).toString('utf8'));
  } catch (error) {
    if (error instanceof LocalDataFileError) return { ok: false, problem: error.problem };
    return { ok: false, problem: 'not_a_local_data_file' };
  }
  if (!isPayload(payload)) return { ok: false, problem: 'not_a_local_data_file' };
  if (payload.schemaVersion > (db.pragma('user_version', { simple: true }) as number)) return { ok: false, problem: 'local_data_file_newer' };
  return { ok: true, value: payload };
}

export function localDataTasks(db: Db) {
  return {
    /** Writes the sealed file (beside its place first, then moved there: a stopped export leaves no half file). */
    exportLocalData: async (request: LocalDataExportRequest, report?: Progress): Promise<{ rows: number; groups: { group: LocalDataGroup; rows: number }[] }> => {
      const redactor = new Redactor();
      for (const secret of request.secrets) redactor.registerSecret(secret);
      const reader = openReader(db);
      let payload: LocalDataPayload;
      try {
        report?.({ phase: 'reading', done: 0, total: 1 });
        payload = collectLocalRows(reader, (text) => redactor.redact(text), request.exportedAt);
      } finally {
        reader.close();
      }
      const rows = Object.values(payload.tables).reduce((sum, table) => sum + table.rows.length, 0);
      report?.({ phase: 'writing', done: 0, total: rows });
      const sealed = sealLocalData(Buffer.from(JSON.stringify(payload), 'utf8'), request.passphrase, request.scrypt);
      const partial = `${request.path}.partial`;
      try {
        await writeFile(partial, sealed, { mode: 0o600 });
        await rename(partial, request.path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      report?.({ phase: 'writing', done: rows, total: rows });
      return { rows, groups: groupRows(payload) };
    },

    /** What merging the file would do, counted by doing it and rolling back: nothing changes. */
    previewLocalData: async (request: LocalDataImportRequest): Promise<LocalDataFileOutcome<{ exportedAt: string; groups: LocalDataMergeCount[] }>> => {
      const read = await readPayload(db, request);
      if (!read.ok) return read;
      return { ok: true, value: { exportedAt: read.value.exportedAt, groups: mergeLocalRows(db, read.value, { dryRun: true }) } };
    },

    /** Merges the file in one transaction, with progress; a failure changes nothing. */
    importLocalData: async (request: LocalDataImportRequest, report?: Progress): Promise<LocalDataFileOutcome<LocalDataMergeCount[]>> => {
      const read = await readPayload(db, request);
      if (!read.ok) return read;
      return { ok: true, value: mergeLocalRows(db, read.value, { dryRun: false, report: (done, total) => report?.({ phase: 'merging', done, total }) }) };
    },
  };
}
