import { z } from 'zod';
import { call } from './define.ts';

export const viewKinds = ['chat', 'tickets', 'firewall', 'settings'] as const;
export type ViewKind = (typeof viewKinds)[number];

export const tabSchema = z.object({
  id: z.string().min(1).max(64),
  view: z.enum(viewKinds),
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

