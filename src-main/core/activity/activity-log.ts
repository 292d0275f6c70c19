// The activity log's service: every recorded action becomes a row (with the OS user and the profile's
// name as they are now), the window reads and exports it, and rows older than the retention go at
// start and then at most once a day, when the log is written or read: no timer of its own, so an idle
// app does no work and nothing waits on a day-long timer.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { stringify } from 'csv-stringify/sync';
import {
  DEFAULT_ACTIVITY_RETENTION_DAYS,
  activitySettingsSchema,
  type ActivityChanged,
  type ActivityEntry,
  type ActivityFilter,
  type ActivitySettings,
} from '../../../src-shared/contract/activity.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import { neutraliseCell } from '../csv-cell.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import { redactStrings } from '../log/redactor.ts';
import type { Platform } from '../platform.ts';
import type { ActivityDraft, ActivityRecorder, ActivityResult } from './activity-recorder.ts';
import { recordedExport } from './activity-recorder.ts';
import type { ActivityRepository, OutcomeChange } from './activity-repository.ts';

const SETTINGS_KEY = 'activity.settings';
const DAY_MS = 24 * 60 * 60_000;

export interface ActivityLogOptions {
  repository: ActivityRepository;
  settings: SettingsTable;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  translator: () => Translator;
  /** The profile's name now, kept in the row: the log outlives the profile. */
  profileName(profileId: string): string | undefined;
  /** The OS account's name; tests pass one. The OS may refuse to say (no passwd entry in a container). */
  osUser?: () => string;
}

const CSV_COLUMNS = ['time', 'os_user', 'profile', 'back_end', 'action', 'params', 'target_kind', 'target_id', 'target_address', 'target_label', 'request_id', 'outcome', 'error_code', 'proposed_by_conversation'];

export class ActivityLog implements ActivityRecorder {
  readonly #options: ActivityLogOptions;
  readonly #osUser: string | null;
  readonly #changed: Emitter<ActivityChanged>;
  readonly onChanged;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: ActivityLogOptions) {
    this.#options = options;
    this.#osUser = osUserName(options.osUser ?? (() => os.userInfo().username));
    this.#changed = new Emitter((error) => options.logger.error('activity listener failed', { error }));
    this.onChanged = this.#changed.event;
  }

  /** Prunes now; later, at most daily. */
  start(): void {
    this.#prune();
  }

  /** The OS account the analyst works under, as every entry records it (null: the OS does not say). */
  get osUser(): string | null {
    return this.#osUser;
  }

  record(draft: ActivityDraft, result: ActivityResult, outboxId?: string): void {
    this.#pruneIfDue();
    const at = this.#now();
    // A server's words (a request id, a label it gave) may echo a key: masked before they are stored.
    const entry = redactStrings<ActivityEntry>({
      id: randomUUID(),
      at,
      osUser: this.#osUser,
      profileId: draft.profileId,
      profileName: draft.profileId === null ? null : (this.#options.profileName(draft.profileId) ?? null),
      backEnd: draft.backEnd,
      action: draft.action,
      target: draft.target,
      requestId: result.requestId ?? null,
      outcome: result.outcome,
      errorCode: result.errorCode ?? null,
      ...(draft.proposedBy && { proposedBy: { conversationId: draft.proposedBy.conversationId } }),
      updatedAt: at,
    }, this.#options.logger.redact);
    // A log that cannot be written must not undo what the analyst did: it is said in the log file.
    try {
      this.#options.repository.insert(entry, outboxId);
    } catch (error) {
      this.#options.logger.error('an activity entry could not be stored', { error, action: draft.action.code });
      return;
    }
    this.#changed.fire({ resource: 'activity', profileId: entry.profileId, ids: [entry.id] });
  }

  /** Whether the outbox write already has its row. */
  hasOutboxWrite(outboxId: string): boolean {
    return this.#options.repository.findByOutboxId(outboxId) !== undefined;
  }

  /** A write the outbox held settled (sent, refused, given up): its row says so. */
  settleOutboxWrite(outboxId: string, change: Omit<OutcomeChange, 'at'>): void {
    const entry = this.#options.repository.settleOutboxWrite(outboxId, redactStrings({ ...change, at: this.#now() }, this.#options.logger.redact));
    if (entry) this.#changed.fire({ resource: 'activity', profileId: entry.profileId, ids: [entry.id] });
  }

  list(filter: ActivityFilter, offset: number, limit: number): CachedPage<ActivityEntry> {
    this.#pruneIfDue();
    return { ...this.#options.repository.page(filter, offset, limit), offset, syncedAt: null };
  }

  /** The newest entries whose words contain `text`, for the command palette. */
  search(text: string, limit: number): ActivityEntry[] {
    return this.#options.repository.search(text, limit);
  }

  actions(): string[] {
    return this.#options.repository.actions();
  }

  settings(): ActivitySettings {
    const stored = activitySettingsSchema.safeParse(this.#options.settings.read(SETTINGS_KEY));
    return stored.success ? stored.data : { retentionDays: DEFAULT_ACTIVITY_RETENTION_DAYS };
  }

  saveSettings(settings: ActivitySettings): ActivitySettings {
    this.#options.settings.write(SETTINGS_KEY, settings);
    this.#prune();
    return settings;
  }

  /** The filtered log as CSV, where the user picks; the export itself is an entry of the log. */
  async exportCsv(filter: ActivityFilter): Promise<{ path: string | null; rows: number }> {
    const path = await this.#options.platform.chooseSavePath({
      title: this.#options.translator().t('fileDialogs.exportActivity'),
      defaultName: `activity-${this.#now().slice(0, 10)}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (path === null) return { path: null, rows: 0 };
    return recordedExport(this, { profileId: null, backEnd: 'local', action: { code: 'exportActivityCsv' }, target: { kind: 'activity' } }, async () => {
      const records = [...this.#options.repository.iterate(filter)].map(csvRecord);
      await writeFile(path, stringify(records, { header: true, columns: CSV_COLUMNS, bom: true }), 'utf8');
      return { path, rows: records.length };
    });
  }

  dispose(): void {
    this.#changed.dispose();
  }

  #pruneIfDue(): void {
    if (this.#options.clock.now() - this.#prunedAt >= DAY_MS) this.#prune();
  }

  #prune(): void {
    this.#prunedAt = this.#options.clock.now();
    try {
      const before = new Date(this.#options.clock.now() - this.settings().retentionDays * DAY_MS).toISOString();
      const deleted = this.#options.repository.deleteBefore(before);
      if (deleted > 0) {
        this.#options.logger.info('old activity entries deleted', { deleted });
        this.#changed.fire({ resource: 'activity', profileId: null, ids: [] });
      }
    } catch (error) {
      this.#options.logger.error('pruning the activity log failed', { error });
    }
  }

  #now(): string {
    return new Date(this.#options.clock.now()).toISOString();
  }
}

function osUserName(read: () => string): string | null {
  try {
    return read() || null;
  } catch {
    return null;
  }
}

function csvRecord(entry: ActivityEntry): string[] {
  const cells = [
    entry.at,
    entry.osUser,
    entry.profileName ?? entry.profileId,
    entry.backEnd,
    entry.action.code,
    entry.action.params ? JSON.stringify(entry.action.params) : null,
    entry.target.kind,
    entry.target.id,
    entry.target.address,
    entry.target.label,
    entry.requestId,
    entry.outcome,
    entry.errorCode,
    entry.proposedBy?.conversationId,
  ];
  return cells.map((cell) => (cell === null || cell === undefined ? '' : neutraliseCell(cell)));
}
