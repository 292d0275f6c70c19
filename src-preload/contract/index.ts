import type { Facade } from './define.ts';
import { app } from './app.ts';
import { firewall } from './firewall.ts';
import { firewallAdmin } from './firewall-admin.ts';
import { gateway } from './gateway.ts';
import { notifications } from './notifications.ts';
import { outbox } from './outbox.ts';
import { profiles } from './profiles.ts';
import { support } from './support.ts';
import { supportWebhooks } from './support-webhooks.ts';
import { workspace } from './workspace.ts';

export const contract = { app, profiles, workspace, firewall, firewallAdmin, notifications, gateway, outbox, support, supportWebhooks };
export type Contract = typeof contract;
export type OpsDeskApi = Facade<Contract>;

export * from './define.ts';
export * from './app.ts';
export * from './firewall.ts';
export * from './firewall-admin.ts';
export * from './gateway.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './profiles.ts';
export * from './support-webhooks.ts';
export * from './support.ts';
export * from './sync.ts';
export * from './workspace.ts';
export * from './webhook-deliveries.ts';
