import type { QueryClient } from '@tanstack/react-query';
import type { IpcError } from '../../src-shared/contract/define.ts';
import type { AlertDetail, FirewallCapabilities, WebhookSettings } from '../../src-shared/contract/firewall.ts';
import type { Conversation } from '../../src-shared/contract/gateway.ts';
import { backEndAnswered } from '../../src-shared/back-end-reach.ts';
import type { Report, StatusHistory } from '../../src-shared/contract/firewall-admin.ts';
import type { RemotePage } from '../../src-shared/contract/pages.ts';
import type { OpsDeskApi } from '../../src-shared/contract/index.ts';
import type { FirewallSyncResource, SupportResource, SyncStatus } from '../../src-shared/contract/sync.ts';
import type { OutboxEntry } from '../../src-shared/contract/outbox.ts';
import type { ConnectionHealth } from '../../src-shared/contract/profiles.ts';
import { opsdesk } from './bridge.ts';
import { activityKeys, addressKeys, assistantKeys, caseKeys, firewallKeys, gatewayKeys, meaningKeys, notificationKeys, outboxKeys, profileKeys, supportKeys } from './query-keys.ts';

/**
 * THE table of which contract event changes which queries: main's cache changed, so the views
 * reading it ask main again (main answers from its cache; no back end is asked), or the event
 * carries the new value itself. A new event that changes what a query shows gets its row here, and
 * nowhere else.
 */
export const invalidations = (client: QueryClient, api: OpsDeskApi): void => {
  const stale = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  // A bulk block changes the block list once per address, hundreds of times a minute: the lists and
  // the alerts' rows follow the first change at once and a burst at most every so often.
  const blocklistChanged = burstsThrottled((profileId) => {
    stale(firewallKeys.cached(profileId, 'blocklist'));
    // An alert row says whether the block list holds its source: a block-list change changes the rows.
    stale(firewallKeys.cached(profileId, 'alerts'));
  });
  api.firewall.onCacheChanged(({ profileId, resource }) => {
    if (resource === 'blocklist') return blocklistChanged(profileId);
    stale(firewallKeys.cached(profileId, resource));
    if (resource === 'alerts') stale(addressKeys.all());
  });
  // An address card reads every cache: its alerts, and the tickets, contacts, work items and conversations that mention it.
  api.support.onCacheChanged(() => stale(addressKeys.all()));
  api.gateway.onConversationsChanged(() => stale(addressKeys.all()));
  // A work item made from an alert is linked by its write: the write's new state (and, once sent, the item's id) shows on the alert.
  api.outbox.onChanged((entry) => {
    if (entry.action.code === 'createWorkItem') stale([...addressKeys.all(), 'alertWork']);
  });
  // A firewall write the appliance took (also one queued while it was away): the lists read from the appliance read it again.
  // Blocks follow the block list's own cache event.
  api.outbox.onChanged((entry) => {
    if (entry.service !== 'firewall' || entry.state !== 'sent' || entry.objectKey.startsWith('blockEntry:')) return;
    stale(firewallKeys.allowlist(entry.profileId));
    stale(firewallKeys.domainRules(entry.profileId));
    stale([...firewallKeys.all(entry.profileId), 'admin']);
  });
  // The lists re-read at once; of the records, only those main names (all when it names none).
  api.support.onCacheChanged(({ profileId, resource, ids }) =>
    void client.invalidateQueries({
      queryKey: supportKeys.cached(profileId, resource),
      predicate: ({ queryKey }) => queryKey[3] !== 'record' || !ids || ids.includes(String(queryKey[4])),
    }),
  );
  // A ticket's contact is read from the ticket's row too: a ticket newly cached (opened from a notification) finds its contact.
  api.support.onCacheChanged(({ profileId, resource }) => {
    if (resource === 'tickets') stale(supportKeys.ticketContacts(profileId));
  });
  // Where a support cache's sync stands: the event carries the resource's new status.
  api.support.onSyncChanged((status) =>
    client.setQueryData<SyncStatus<SupportResource>[]>(supportKeys.syncStatus(status.profileId), (statuses) =>
      statuses && [...statuses.filter((known) => known.resource !== status.resource), status],
    ),
  );
  // A conversation made, saved, deleted, asked or shown at another version (here, or by a triage in main): the list and every conversation read.
  api.gateway.onConversationsChanged(() => {
    stale(gatewayKeys.conversations());
    stale(gatewayKeys.everyConversation());
  });
  // The event carries the answer as stored; the conversation's total usage is main's sum, read again. Every answer is a call logged.
  api.gateway.onAnswerEnded(({ conversationId, message }) => {
    client.setQueryData<Conversation>(gatewayKeys.conversation(conversationId), (conversation) =>
      conversation && { ...conversation, latestMessages: conversation.latestMessages.map((shown) => (shown.id === message.id ? message : shown)) },
    );
    stale(gatewayKeys.conversation(conversationId));
    stale(gatewayKeys.callLog());
  });
  // A profile saved (its address or key) or a certificate trusted: the list read before, or its
  // refusal, belongs to the connection as it was.
  api.profiles.onChanged(() => stale(gatewayKeys.everyModelList()));
  // Whether an address is an appliance's or a connection's own is read from the profiles' addresses.
  api.profiles.onChanged(() => stale(firewallKeys.everyBlockCaution()));
  // An entry made, or a queued write's entry settled: the log, each item's history and the action list.
  api.activity.onCacheChanged(() => stale(activityKeys.all()));
  // A case changed (its list, its items and notes, the cases of an item), or a cache its timelines read did.
  api.cases.onChanged(({ resource }) => stale(resource === 'timeline' ? caseKeys.timelines() : caseKeys.all()));
  // The appliance answers again: an alert's detail that could not be read from it (the cached copy, or none) is read again.
  api.profiles.onHealthChanged(({ profileId, state }) => {
    if (state !== 'reachable' && state !== 'degraded') return;
    const unreached = (error: IpcError | null | undefined) => error != null && backEndAnswered(error) === false;
    // Every call of the profile says it answers: a read already asked again is left to finish.
    void client.invalidateQueries(
      {
        queryKey: firewallKeys.alertDetails(profileId),
        predicate: ({ state: read }) => unreached((read.data as AlertDetail | undefined)?.error) || unreached(read.error as IpcError | null),
      },
      { cancelRefetch: false },
    );
  });
  // The settings event carries the new settings.
  api.assistant.onSettingsChanged((state) => client.setQueryData(assistantKeys.settings(), state));
  api.meaning.onStatusChanged((status) => {
    client.setQueryData(meaningKeys.status(), status);
    stale(meaningKeys.everySimilar());
  });
  // A triage started, its answer ended or a decision was taken: its panel and the alerts' lists of conversations.
  api.assistant.onTriageChanged(({ conversationId }) => {
    stale(assistantKeys.triage(conversationId));
    stale(assistantKeys.everyTriagesOf());
  });
  // A report main follows while the appliance builds it: the row shown takes its new state.
  api.firewallAdmin.onReportChanged(({ profileId, report }) =>
    client.setQueriesData<RemotePage<Report>>({ queryKey: firewallKeys.admin(profileId, 'reports') }, (page) =>
      page && { ...page, items: page.items.map((listed) => (listed.id === report.id ? report : listed)) },
    ),
  );
  // The event carries the new counts: they go straight into the receiver settings it belongs to.
  api.firewall.onWebhookDeliveriesChanged(({ profileId, deliveries }) =>
    client.setQueryData<WebhookSettings>(firewallKeys.webhook(profileId), (settings) => settings && { ...settings, deliveries }),
  );
  // Where an appliance's sync stands: the event carries the resource's new status.
  api.firewall.onSyncChanged((status) =>
    client.setQueryData<SyncStatus<FirewallSyncResource>[]>(firewallKeys.syncStatus(status.profileId), (statuses) =>
      statuses && [...statuses.filter((known) => known.resource !== status.resource), status],
    ),
  );
  // What the appliance and key allow, learned anew (a write refused for the key's role): the event carries all of it.
  api.firewall.onCapabilitiesChanged((capabilities) => client.setQueryData<FirewallCapabilities>(firewallKeys.capabilities(capabilities.profileId), capabilities));
  // A status reading joins the history; readings before the first answer arrive in the answer itself.
  api.firewallAdmin.onStatusSampled(({ profileId, status, sample }) =>
    client.setQueryData<StatusHistory>(firewallKeys.statusHistory(profileId), (history) =>
      !history || history.samples.some((known) => known.at === sample.at) ? history : { ...history, status, readAt: sample.at, samples: [...history.samples, sample] },
    ),
  );
  // A profile saved may hold a new key, and a new key other scopes.
  api.profiles.onChanged(({ profiles }) => profiles.forEach((profile) => profile.service === 'support' && stale(supportKeys.access(profile.id))));
  // The receiver's status changes with every delivery: the event carries it.
  api.supportWebhooks.onStatusChanged((status) => client.setQueryData(supportKeys.webhookReceiver(), status));

  // The events that carry what a read shows (the connections, main's health of each, the outbox's
  // writes, the notification center): the read already answered takes them; one still under way
  // is asked again, as its answer may be older than the event.
  const carried = <T>(queryKey: readonly unknown[], change: (known: T) => T) => {
    if (client.getQueryData<T>(queryKey) === undefined) stale(queryKey);
    else client.setQueryData<T>(queryKey, (known) => known && change(known));
  };
  api.profiles.onChanged((list) => carried(profileKeys.list(), () => list));
  api.profiles.onHealthChanged((health) => carried<Record<string, ConnectionHealth>>(profileKeys.health(), (known) => withHealth(known, health)));
  api.notifications.onChanged((center) => carried(notificationKeys.center(), () => center));
  // The record of writes is made of what main tells, never read whole: every change goes into it.
  api.outbox.onChanged((entry) => client.setQueryData<OutboxWrites>(outboxKeys.writes(), (writes = {}) => withWrite(writes, entry)));
};

/** Main's health of each connection, by profile id. */
export type HealthByProfile = Record<string, ConnectionHealth>;

/** One more health folded in: an event can overtake the list asked for earlier, so the later check wins. */
export function withHealth(known: HealthByProfile, health: ConnectionHealth): HealthByProfile {
  const current = known[health.profileId];
  return !current || (health.lastCheckedAt ?? '') >= (current.lastCheckedAt ?? '') ? { ...known, [health.profileId]: health } : known;
}

/** Every write the window has seen, by id. */
export type OutboxWrites = Record<string, OutboxEntry>;

/**
 * One more write folded in: a change can arrive before the answer that returned the same write, so
 * the later update wins, and one already known changes nothing.
 */
export function withWrite(writes: OutboxWrites, entry: OutboxEntry): OutboxWrites {
  const known = writes[entry.id];
  if (known && (known.updatedAt > entry.updatedAt || JSON.stringify(known) === JSON.stringify(entry))) return writes;
  return { ...writes, [entry.id]: entry };
}

/** How often at most a burst of changes of one key refreshes the views that follow it. */
const BURST_REFRESH_MS = 250;

/** `refresh(key)` at once for a key's first change, then at most every BURST_REFRESH_MS while its changes keep coming, and once after the last. */
function burstsThrottled(refresh: (key: string) => void): (key: string) => void {
  const waiting = new Map<string, { again: boolean }>();
  const settle = (key: string) => {
    const burst = waiting.get(key)!;
    if (!burst.again) return void waiting.delete(key);
    burst.again = false;
    refresh(key);
    setTimeout(() => settle(key), BURST_REFRESH_MS);
  };
  return (key) => {
    const burst = waiting.get(key);
    if (burst) return void (burst.again = true);
    waiting.set(key, { again: false });
    refresh(key);
    setTimeout(() => settle(key), BURST_REFRESH_MS);
  };
}

/** Follows the table for the window's life. */
export function followInvalidations(client: QueryClient): void {
  invalidations(client, opsdesk);
}
