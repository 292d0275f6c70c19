import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';
import { activityHandlers } from './activity.ts';
import { addressHandlers } from './address.ts';
import { appHandlers, type AppIdentity } from './app.ts';
import { assistantHandlers } from './assistant.ts';
import { casesHandlers } from './cases.ts';
import { draftingHandlers } from './drafting.ts';
import { firewallAdminHandlers } from './firewall-admin.ts';
import { firewallHandlers } from './firewall.ts';
import { localDataHandlers } from './local-data.ts';
import { notificationsHandlers } from './notifications.ts';
import { outboxHandlers } from './outbox.ts';
import { gatewayHandlers } from './gateway.ts';
import { profilesHandlers } from './profiles.ts';
import { repliesHandlers } from './replies.ts';
import { searchHandlers } from './search.ts';
import { meaningHandlers } from './meaning.ts';
import { supportWebhooksHandlers } from './support-webhooks.ts';
import { supportHandlers } from './support.ts';
import { viewsHandlers } from './views.ts';
import { workspaceHandlers } from './workspace.ts';

/** The handler map: one file per contract area, each handler one line into a service. */
export function createHandlers(services: AppServices, identity: AppIdentity): Handlers<Contract> {
  return {
    app: appHandlers(services, identity),
    profiles: profilesHandlers(services),
    workspace: workspaceHandlers(services),
    firewallAdmin: firewallAdminHandlers(services),
    firewall: firewallHandlers(services),
    notifications: notificationsHandlers(services),
    gateway: gatewayHandlers(services),
    supportWebhooks: supportWebhooksHandlers(services),
    outbox: outboxHandlers(services),
    support: supportHandlers(services),
    activity: activityHandlers(services),
    search: searchHandlers(services),
    meaning: meaningHandlers(services),
    address: addressHandlers(services),
    assistant: assistantHandlers(services),
    drafting: draftingHandlers(services),
    views: viewsHandlers(services),
    replies: repliesHandlers(services),
    cases: casesHandlers(services),
    localData: localDataHandlers(services),
  };
}
