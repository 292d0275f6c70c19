import { migration as settings } from './0001-settings.ts';
import { migration as profiles } from './0002-profiles.ts';
import { migration as connectionHealth } from './0003-connection-health.ts';
import { migration as firewallLogQueries } from './0004-firewall-log-queries.ts';
import { migration as syncState } from './0005-sync-state.ts';
import { migration as firewallAlerts } from './0006-firewall-alerts.ts';
import { migration as firewallBlocklist } from './0007-firewall-blocklist.ts';
import { migration as notifications } from './0008-notifications.ts';
import { migration as webhookEvents } from './0009-webhook-events.ts';
import { migration as conversations } from './0010-conversations.ts';
import { migration as gatewayCalls } from './0011-gateway-calls.ts';
import { migration as outbox } from './0012-outbox.ts';
import { migration as supportTickets } from './0013-support-tickets.ts';
import { migration as supportContacts } from './0014-support-contacts.ts';
import { migration as supportWorkItems } from './0015-support-work-items.ts';
import { migration as alertCounts } from './0016-alert-counts.ts';
import { migration as syncFullRewalks } from './0017-sync-full-rewalks.ts';
import { migration as alertsKeyedByProfile } from './0018-alerts-keyed-by-profile.ts';
import { migration as alertsFtsWithoutSizes } from './0019-alerts-fts-without-sizes.ts';
import { migration as alertsFtsAfterRows } from './0020-alerts-fts-after-rows.ts';
import { migration as webhookEventAges } from './0021-webhook-event-ages.ts';
import { migration as activityLog } from './0022-activity-log.ts';
import { migration as searchIndex } from './0023-search-index.ts';
import { migration as alertWorkLinks } from './0024-alert-work-links.ts';
import { migration as triageLinks } from './0025-triage-links.ts';
import { migration as addressSortKeys } from './0026-address-sort-keys.ts';
import { migration as ticketsByOpening } from './0027-tickets-by-opening.ts';
import { migration as replyBoxAndContactLinks } from './0028-reply-box-and-contact-links.ts';
import { migration as chatDraftsAndVersions } from './0029-chat-drafts-and-versions.ts';
import { migration as workItemsFromManyAlerts } from './0030-work-items-from-many-alerts.ts';
import { migration as syncReach } from './0031-sync-reach.ts';
import { migration as ticketCountsFromIndex } from './0032-ticket-counts-from-index.ts';
import { migration as alertsFtsInTimeOrder } from './0033-alerts-fts-in-time-order.ts';
import { migration as outboxMayHaveArrived } from './0034-outbox-may-have-arrived.ts';
import { migration as cases } from './0035-cases.ts';
import { migration as meaningIndex } from './0036-meaning-index.ts';
import { migration as meaningCells } from './0037-meaning-cells.ts';
import { migration as actionCodesNamedByCalls } from './0038-action-codes-named-by-calls.ts';
import { inSequence } from './migration.ts';

/** Append only: a new migration is a new file, numbered one above the last, listed last here. */
export const migrations = inSequence([
  settings,
  profiles,
  connectionHealth,
  firewallLogQueries,
  syncState,
  firewallAlerts,
  firewallBlocklist,
  notifications,
  webhookEvents,
  conversations,
  gatewayCalls,
  outbox,
  supportTickets,
  supportContacts,
  supportWorkItems,
  alertCounts,
  syncFullRewalks,
  alertsKeyedByProfile,
  alertsFtsWithoutSizes,
  alertsFtsAfterRows,
  webhookEventAges,
  activityLog,
  searchIndex,
  alertWorkLinks,
  triageLinks,
  addressSortKeys,
  ticketsByOpening,
  replyBoxAndContactLinks,
  chatDraftsAndVersions,
  workItemsFromManyAlerts,
  syncReach,
  ticketCountsFromIndex,
  alertsFtsInTimeOrder,
  outboxMayHaveArrived,
  cases,
  meaningIndex,
  meaningCells,
  actionCodesNamedByCalls,
]);
