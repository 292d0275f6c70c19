// What exists only on this computer, as one file the analyst protects with a passphrase (issue 45):
// its export, its import merged into what is here, and how long each kind of cache keeps its rows.
import { z } from 'zod';
import { PASSPHRASE_MIN_LENGTH } from '../passphrase-strength.ts';
import { call, event, taskIdSchema } from './define.ts';

export { PASSPHRASE_MIN_LENGTH };
export const passphraseSchema = z.string().min(PASSPHRASE_MIN_LENGTH, 'passphrase_too_short').max(1024);

/** What the analyst reads in an export's or an import's summary: each local-only table belongs to one. */
export const localDataGroups = ['connections', 'conversations', 'activity', 'cases', 'triage', 'drafts', 'cannedReplies', 'settings', 'other'] as const;
export type LocalDataGroup = (typeof localDataGroups)[number];

export interface LocalDataExported {
  /** null: the save dialog was closed, or the export stopped (its unfinished file removed). */
  path: string | null;
  rows: number;
  groups: { group: LocalDataGroup; rows: number }[];
}

/** A file picked for import, not read yet: its passphrase opens it. */
export interface LocalDataImportFile {
  importId: string;
  fileName: string;
}

export interface LocalDataMergeCount {
  group: LocalDataGroup;
  inFile: number;
  /** Not here yet: what the import adds. */
  added: number;
  /** Here already, by the row's own id or natural key: left as it is here. */
  alreadyHere: number;
  /** Not added: something else here holds its place (the same shortcut, a conversation's message at the same position). */
  conflicting: number;
}

export interface LocalDataPreview {
  importId: string;
  fileName: string;
  exportedAt: string;
  groups: LocalDataMergeCount[];
}

export interface LocalDataImported {
  groups: LocalDataMergeCount[];
  /** Settings came with the file: some take effect when OpsDesk starts again. */
  settingsAdded: boolean;
}

export interface LocalDataProgress {
  taskId: string;
  phase: 'reading' | 'writing' | 'merging';
  done: number;
  total: number;
}

/** The support caches whose age limit the analyst chooses; the firewall's alerts keep theirs per appliance (its sync settings). */
export const retentionKinds = ['tickets', 'contacts', 'work'] as const;
export type RetentionKind = (typeof retentionKinds)[number];
/** Days a row stays after its last activity; null: no age limit (the cache's row cap still holds). */
export const keptDaysSchema = z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]);
export type KeptDays = z.infer<typeof keptDaysSchema>;
export const cacheRetentionSchema = z.object({ tickets: keptDaysSchema, contacts: keptDaysSchema, work: keptDaysSchema });
export type CacheRetention = z.infer<typeof cacheRetentionSchema>;

const importId = z.uuid();

export const localData = {
  calls: {
    /** Writes every local-only row, encrypted with a key made from `passphrase`, where the user picks in a save dialog; progress on `progress`. */
    exportFile: call<LocalDataExported>()(z.object({ taskId: taskIdSchema, passphrase: passphraseSchema })),
    /** The open dialog: the file to import, checked to be an OpsDesk export; null when the user cancels. */
    chooseImport: call<LocalDataImportFile | null>()(z.undefined()),
    /** Opens the chosen file with its passphrase and says what merging it would add; changes nothing. */
    previewImport: call<LocalDataPreview>()(z.object({ importId, passphrase: z.string().min(1).max(1024) })),
    /** Merges the previewed file in one transaction (a failure changes nothing); progress on `progress`. */
    applyImport: call<LocalDataImported>()(z.object({ importId, taskId: taskIdSchema })),
    /** Forgets a picked file and its passphrase. */
    cancelImport: call<null>()(z.object({ importId })),
    retention: call<CacheRetention>()(z.undefined()),
    saveRetention: call<CacheRetention>()(cacheRetentionSchema),
  },
  events: {
    progress: event<LocalDataProgress>(),
  },
};
