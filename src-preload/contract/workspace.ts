import { z } from 'zod';
import { call } from './define.ts';

/** Main's runtime check of a tab's kind; the renderer's view registry must name exactly these. */
export const viewKinds = ['chat', 'tickets', 'firewall', 'settings', 'alert', 'conversation', 'ticket', 'block'] as const;
export type ViewKind = (typeof viewKinds)[number];

/** Which item a tab holds, e.g. `{ profileId, alertId }`: small, flat, and kept in SQLite. */
export const tabParamsSchema = z
  .record(z.string().min(1).max(40), z.union([z.string().max(200), z.number().finite()]))
  .refine((params) => Object.keys(params).length <= 8, 'A tab holds at most 8 parameters');
export type TabParams = z.infer<typeof tabParamsSchema>;

export const tabSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(viewKinds),
  params: tabParamsSchema.optional(),
});
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
  },
  events: {},
};
