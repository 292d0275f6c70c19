import { z } from 'zod';
import { activityBackEnds, activityOutcomes } from './activity.ts';
import { addressSchema } from './address.ts';
import { call } from './define.ts';
import { backEnds, type BackEnd } from './profiles.ts';

const profileId = z.string().min(1).max(64);
const itemId = z.string().min(1).max(200);
const section = z.string().min(1).max(40);
/** A view opened from the picker or a menu holds no parameters. */
const noParams = z.undefined().optional();
/** The parts of Settings a link from elsewhere opens at: a back end's connections, the model at work, the canned replies, notifications. */
export const settingsSections = [...backEnds, 'modelAtWork', 'cannedReplies', 'notifications'] as const;
export type SettingsSection = (typeof settingsSections)[number];

/**
 * Which view a tab shows and which item or place in it, one member per view kind; kept in SQLite
 * and sent by notifications, so main checks it. A picker view may be opened at a place inside it
 * (the Firewall view's block list); an item view always names its item.
 */
export const navigationTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('firewall'), params: z.object({ profileId, section, severity: z.string().min(1).max(40) }).partial().optional() }),
  z.object({ kind: z.literal('support'), params: z.object({ profileId, section, itemId }).partial().optional() }),
  z.object({ kind: z.literal('chat'), params: noParams }),
  z.object({ kind: z.literal('settings'), params: z.object({ section: z.enum(settingsSections) }).partial().optional() }),
  z.object({ kind: z.literal('alert'), params: z.object({ profileId, alertId: itemId }) }),
  z.object({ kind: z.literal('conversation'), params: z.object({ id: itemId }) }),
  z.object({ kind: z.literal('ticket'), params: z.object({ profileId, ticketId: itemId }) }),
  z.object({ kind: z.literal('block'), params: z.object({ profileId, entryId: itemId }) }),
  /** The activity log, optionally opened with a filter preset (an address's or a profile's entries, the failed ones). */
  z.object({
    kind: z.literal('activity'),
    params: z.object({ text: z.string().max(200), backEnd: z.enum(activityBackEnds), outcome: z.enum(activityOutcomes) }).partial().optional(),
  }),
  z.object({ kind: z.literal('address'), params: z.object({ address: addressSchema }) }),
  /** The Cases section: every case, filtered and sorted. */
  z.object({ kind: z.literal('cases'), params: noParams }),
  z.object({ kind: z.literal('case'), params: z.object({ caseId: z.string().min(1).max(64) }) }),
]);
export type NavigationTarget = z.infer<typeof navigationTargetSchema>;
export type ViewKind = NavigationTarget['kind'];
/** The parameters a tab of this kind holds (`undefined` for a view that holds none). */
export type ViewParams<K extends ViewKind> = Extract<NavigationTarget, { kind: K }>['params'];
/** A view that may be opened holding nothing: from the picker, a menu, a link to Settings. */
export type PickerKind = { [K in ViewKind]: undefined extends ViewParams<K> ? K : never }[ViewKind];

/** Every view kind; the renderer's view registry must name exactly these. */
export const viewKinds: readonly ViewKind[] = navigationTargetSchema.options.map((option) => option.shape.kind.value);

export const tabSchema = z.intersection(z.object({ id: z.string().min(1).max(64) }), navigationTargetSchema);
export type Tab = z.infer<typeof tabSchema>;

export const workspaceStateSchema = z.object({
  tabs: z.array(tabSchema).max(50),
  activeTabId: z.string().max(64).nullable(),
});
export type WorkspaceState = z.infer<typeof workspaceStateSchema>;

export const workspace = {
  calls: {
    load: call<WorkspaceState | null>()(z.undefined()),
    save: call<null>()(workspaceStateSchema),
    /** The connection each kind of view was last switched to, so the next one opens on it. */
    lastProfiles: call<Partial<Record<BackEnd, string>>>()(z.undefined()),
    rememberProfile: call<null>()(z.object({ service: z.enum(backEnds), profileId })),
  },
  events: {},
};
