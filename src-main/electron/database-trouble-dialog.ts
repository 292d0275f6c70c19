// The start's questions and notices about the database (core/db/open-app-database.ts), as native
// dialogs: they come before any window exists, and a damaged file must not be opened to draw one.
import { dialog } from 'electron';
import type { DatabaseStatus, DatabaseTrouble } from '../core/db/open-app-database.ts';
import type { RecoveryChoice } from '../core/db/recovery.ts';
import type { Translator } from '../../src-shared/i18n/translator.ts';

/** Asks what to do with a damaged database or a failed migration; closing the dialog quits, nothing changed. */
export async function askDatabaseTrouble({ detail, backup }: DatabaseTrouble, { t }: Translator): Promise<RecoveryChoice | 'quit'> {
  const choices: (RecoveryChoice | 'quit')[] = [...(backup ? (['restore'] as const) : []), 'rebuild', 'quit'];
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: 'OpsDesk',
    message: t(detail.kind === 'corrupt' ? 'databaseTrouble.corruptTitle' : 'databaseTrouble.migrationTitle'),
    detail: backup
      ? t('databaseTrouble.body', { reason: detail.reason, backupTime: backup.takenAt.toLocaleString() })
      : t('databaseTrouble.bodyNoBackup', { reason: detail.reason }),
    buttons: choices.map((choice) => t(`databaseTrouble.${choice}`)),
    defaultId: choices.indexOf('quit'),
    cancelId: choices.indexOf('quit'),
    noLink: true,
  });
  return choices[response] ?? 'quit';
}

/** Says what the start did that the analyst must know of: a lost key, a recovery. */
export async function tellDatabaseEvents({ events }: DatabaseStatus, { t }: Translator): Promise<void> {
  for (const event of events) {
    if (event.kind === 'encrypted') continue;
    const [message, detail] =
      event.kind === 'key-lost'
        ? [t('databaseTrouble.keyLostTitle'), t('databaseTrouble.keyLostBody', { file: event.setAside })]
        : [t('databaseTrouble.recoveredTitle'), t('databaseTrouble.recoveredBody', { file: event.setAside, count: event.carried })];
    await dialog.showMessageBox({ type: 'info', title: 'OpsDesk', message, detail, noLink: true });
  }
}
