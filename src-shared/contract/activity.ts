// The activity log: what the analyst did through OpsDesk that changed something on a back end or
// sent data out, kept locally, append only. Never a key, a secret or a request body: only what the
// target names (its kind, id, address, name).
import { z } from 'zod';
import { call, event } from './define.ts';
import { activityBackEnds, activityOutcomes, DEFAULT_ACTIVITY_RETENTION_DAYS } from '../activity-constants.ts';
import type { CachedPage } from './pages.ts';

export { activityBackEnds, activityOutcomes, DEFAULT_ACTIVITY_RETENTION_DAYS };
export type ActivityBackEnd = (typeof activityBackEnds)[number];

export type ActivityOutcome = (typeof activityOutcomes)[number];

/** What an entry is about, enough for the window to build a link to it. */
export const activityTargetKinds = [
  'address',
  'blockEntry',
  'allowEntry',
  'domainRule',
  'policy',
  'addressObject',
  'honeypot',
  'device',
  'report',
  'ticket',
  'contact',
  'work',
  'faq',
  'webhook',
  'conversation',
  'image',
  'transcription',
  'alerts',
  'activity',
  'case',
  'localData',
] as const;
export type ActivityTargetKind = (typeof activityTargetKinds)[number];

export interface ActivityTarget {
  kind: ActivityTargetKind;
  /** The back end's id of the item (absent for a new item the server has not named yet). */
  id?: string;
  /** The IP address or range it concerns, when it concerns one. */
  address?: string;
  /** The item's own name as the back end knows it (a policy's name, a file's name). */
  label?: string;
}

/** What the user did, worded by the window: a catalog key under `activity.actions.` (or `outbox.actions.`) and its params. */
export interface ActivityAction {
  code: string;
  params?: Record<string, string | number>;
}

export interface ActivityEntry {
  id: string;
  at: string;
  /** The OS account OpsDesk ran under; null when the OS would not say. */
  osUser: string | null;
  profileId: string | null;
  /** The profile's name when the entry was made (the profile may be gone since). */
  profileName: string | null;
  backEnd: ActivityBackEnd;
  action: ActivityAction;
  target: ActivityTarget;
  /** The id the server gave its answer (a header or the envelope), when it gave one. */
  requestId: string | null;
  outcome: ActivityOutcome;
  /** Why it failed or is queued: the error's code. */
  errorCode: string | null;
  /** A model proposed it, in this conversation. */
  proposedBy?: { conversationId: string };
  updatedAt: string;
}

const short = z.string().trim().min(1).max(200);

export const activityTargetFilterSchema = z.union([
  z.object({ kind: z.enum(activityTargetKinds), id: short }),
  z.object({ address: short }),
]);
export type ActivityTargetFilter = z.infer<typeof activityTargetFilterSchema>;

export const activityFilterSchema = z.object({
  backEnds: z.array(z.enum(activityBackEnds)).max(activityBackEnds.length).optional(),
  actions: z.array(short).max(100).optional(),
  outcomes: z.array(z.enum(activityOutcomes)).max(activityOutcomes.length).optional(),
  /** ISO times, inclusive. */
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  /** Words found in the action, the target, the request id, the profile or the user. */
  text: z.string().max(200).optional(),
  /** One item's own history. */
  target: activityTargetFilterSchema.optional(),
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

export const activitySettingsSchema = z.object({
  /** Entries older than this are deleted, at start and daily. */
  retentionDays: z.int().min(1).max(3650),
});
export type ActivitySettings = z.infer<typeof activitySettingsSchema>;

/** The log changed (an entry made, or a queued one sent): views showing it query again. */
export interface ActivityChanged {
  resource: 'activity';
  profileId: string | null;
  ids: string[];
}

export const activity = {
  calls: {
    /** A page of the log, newest first (main's own store: never the network). */
    list: call<CachedPage<ActivityEntry>>()(
      z.object({ filter: activityFilterSchema.default({}), offset: z.int().min(0).default(0), limit: z.int().min(1).max(500).default(100) }),
    ),
    /** The action codes the log holds, for the action filter. */
    actions: call<string[]>()(z.undefined()),
    /** Writes the filtered log as CSV where the user picks in the save dialog. */
    exportCsv: call<{ path: string | null; rows: number }>()(z.object({ filter: activityFilterSchema.default({}) })),
    settings: call<ActivitySettings>()(z.undefined()),
    saveSettings: call<ActivitySettings>()(activitySettingsSchema),
  },
  events: {
    cacheChanged: event<ActivityChanged>(),
  },
};
