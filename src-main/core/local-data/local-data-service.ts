// Settings → Data on this computer: every local-only row as one file protected by a passphrase the
// analyst chooses, and such a file merged back in (issue 45). Main asks where (the save and open
// dialogs, through the platform port), holds a picked file's passphrase between its preview and its
// import (never stored, never logged: it is registered with the log's redactor at once), and the
// database worker does the rest (local-data-tasks.ts). Both are entries of the activity log.
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { LocalDataExported, LocalDataImported, LocalDataImportFile, LocalDataPreview, LocalDataProgress } from '../../../src-shared/contract/local-data.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import { recorded, recordedExport, savedFileName, type ActivityRecorder } from '../activity/activity-recorder.ts';
import { fieldError } from '../english-text.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Tasks } from '../lifecycle/tasks.ts';
import type { Logger } from '../log/logger.ts';
import type { Platform } from '../platform.ts';
import { UserFacingError } from '../user-facing-error.ts';
import type { DatabaseWorker } from '../worker/database-worker.ts';
import { LOCAL_DATA_HEAD_BYTES, LocalDataFileError, readLocalDataHeader } from './local-data-file.ts';
import type { LocalDataFileOutcome } from './local-data-tasks.ts';

export interface LocalDataServiceOptions {
  worker: DatabaseWorker;
  platform: Platform;
  tasks: Tasks;
  activity: ActivityRecorder;
  translator: () => Translator;
  logger: Logger;
  clock: Clock;
  /** Reads every key the keychain holds for the connections, so that each is known to the redactor before an export. */
  readKeys: () => Promise<unknown>;
}

interface PickedFile {
  path: string;
  fileName: string;
  /** Given with a preview that opened the file; the import uses it, then forgets it. */
  passphrase?: string;
  expiry: { cancel(): void };
}

/** A picked file and its passphrase are forgotten after this long without an import. */
const PICKED_FOR_MS = 15 * 60_000;
const EXTENSION = 'opsdesk';

const problemError = (problem: LocalDataFileOutcome<unknown> & { ok: false }) =>
  new UserFacingError({
    code: 'bad_request',
    params: { context: problem.problem },
    ...(problem.problem === 'wrong_passphrase' && { fieldErrors: [fieldError('passphrase', 'wrong_passphrase')] }),
  });

const notPicked = () => new UserFacingError({ code: 'bad_request', params: { context: 'local_data_file_gone' } });

export class LocalDataService {
  readonly #options: LocalDataServiceOptions;
  readonly #progress = new Emitter<LocalDataProgress>();
  readonly onProgress = this.#progress.event;
  readonly #picked = new Map<string, PickedFile>();

  constructor(options: LocalDataServiceOptions) {
    this.#options = options;
  }

  /** Asks where, then writes the file as a task under the window's id (its progress to that window). */
  async exportFile({ taskId, passphrase }: { taskId: string; passphrase: string }, windowId?: number): Promise<LocalDataExported> {
    const { platform, translator, worker, tasks, activity, logger, clock } = this.#options;
    logger.registerSecret(passphrase);
    const exportedAt = new Date(clock.now()).toISOString();
    const path = await platform.chooseSavePath({
      title: translator().t('localData.export.dialogTitle'),
      defaultName: `opsdesk-local-data-${exportedAt.slice(0, 10)}.${EXTENSION}`,
      filters: [{ name: translator().t('localData.fileType'), extensions: [EXTENSION] }],
    });
    if (path === null) return { path: null, rows: 0, groups: [] };
    const draft = { profileId: null, backEnd: 'local' as const, action: { code: 'exportLocalData' }, target: { kind: 'localData' as const } };
    return recordedExport(activity, draft, () =>
      tasks.run(taskId, windowId, async (signal) => {
        await this.#options.readKeys().catch((error: unknown) => logger.warn('not every key could be read before an export', { error }));
        const written = await worker.run(
          'exportLocalData',
          { path, passphrase, secrets: [...logger.registeredSecrets()], exportedAt },
          (progress) => this.#progress.fire({ taskId, ...progress }),
          signal,
        );
        return { path, ...written };
      }),
    );
  }

  /** The open dialog; the file is checked to be an export OpsDesk can read before a passphrase is asked for. */
  async chooseImport(): Promise<LocalDataImportFile | null> {
    const { platform, translator, clock } = this.#options;
    const path = await platform.chooseOpenPath({ title: translator().t('localData.import.dialogTitle'), filters: [{ name: translator().t('localData.fileType'), extensions: [EXTENSION] }] });
    if (path === null) return null;
    const file = await open(path, 'r');
    try {
      const head = Buffer.alloc(LOCAL_DATA_HEAD_BYTES);
      const { bytesRead } = await file.read(head, 0, head.length, 0);
      readLocalDataHeader(head.subarray(0, bytesRead), (await file.stat()).size);
    } catch (error) {
      if (error instanceof LocalDataFileError) throw problemError({ ok: false, problem: error.problem });
      throw error;
    } finally {
      await file.close();
    }
    const importId = randomUUID();
    const fileName = savedFileName(path);
    this.#picked.set(importId, { path, fileName, expiry: clock.setTimeout(() => this.#picked.delete(importId), PICKED_FOR_MS) });
    return { importId, fileName };
  }

  /** Opens the file with the passphrase and counts what merging it would add; a wrong passphrase is refused and nothing changes. */
  async previewImport({ importId, passphrase }: { importId: string; passphrase: string }): Promise<LocalDataPreview> {
    this.#options.logger.registerSecret(passphrase);
    const picked = this.#picked.get(importId);
    if (!picked) throw notPicked();
    const outcome = await this.#options.worker.run('previewLocalData', { path: picked.path, passphrase });
    if (!outcome.ok) throw problemError(outcome);
    picked.passphrase = passphrase;
    return { importId, fileName: picked.fileName, ...outcome.value };
  }

  /** Merges the previewed file in one transaction, as a task under the window's id. */
  applyImport({ importId, taskId }: { importId: string; taskId: string }, windowId?: number): Promise<LocalDataImported> {
    const picked = this.#picked.get(importId);
    if (!picked?.passphrase) return Promise.reject(notPicked());
    const { passphrase, path, fileName } = picked;
    const draft = { profileId: null, backEnd: 'local' as const, action: { code: 'importLocalData' }, target: { kind: 'localData' as const, label: fileName } };
    return recorded(this.#options.activity, draft, () =>
      this.#options.tasks.run(taskId, windowId, async (signal) => {
        const outcome = await this.#options.worker.run('importLocalData', { path, passphrase }, (progress) => this.#progress.fire({ taskId, ...progress }), signal);
        if (!outcome.ok) throw problemError(outcome);
        this.cancelImport({ importId });
        return { groups: outcome.value, settingsAdded: outcome.value.some((count) => count.group === 'settings' && count.added > 0) };
      }),
    );
  }

  cancelImport({ importId }: { importId: string }): null {
    this.#picked.get(importId)?.expiry.cancel();
    this.#picked.delete(importId);
    return null;
  }

  dispose(): void {
    for (const importId of [...this.#picked.keys()]) this.cancelImport({ importId });
    this.#progress.dispose();
  }
}
