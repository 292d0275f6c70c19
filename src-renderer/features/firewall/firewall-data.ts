// Every bridge call of the firewall views: queries read through the window's query layer
// (data/ipc-query.ts), writes say which queries they change. Components use these hooks only.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AlertDetail, AlertFilter, AlertSort, BlockCaution, BlockEntry, ExportProgress, FirewallList, ProtectedRanges, SyncSettings, WebhookSettings } from '../../../src-shared/contract/firewall.ts';
import type { FirewallSyncResource, SyncStatus } from '../../../src-shared/contract/sync.ts';
import type { IpcResult, RequestOf } from '../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import type { BlockOrigin } from '../../../src-shared/block-reason.ts';
import type { BulkOutcome } from './bulk/bulk-run.ts';
import type { Contract } from '../../../src-shared/contract/index.ts';
import { opsdesk } from '../../data/bridge.ts';
import { unwrap, useIpcQuery } from '../../data/ipc-query.ts';
import { parseAddress } from '../../../src-shared/address-mentions.ts';
import { addressKeys, firewallKeys } from '../../data/query-keys.ts';

export const useBlocklist = (profileId: string) => useIpcQuery(firewallKeys.cached(profileId, 'blocklist'), () => opsdesk.firewall.blocklist({ profileId }));
export const useAllowlist = (profileId: string) => useIpcQuery(firewallKeys.allowlist(profileId), () => opsdesk.firewall.allowlist({ profileId }));
export const useDomainRules = (profileId: string) => useIpcQuery(firewallKeys.domainRules(profileId), () => opsdesk.firewall.domainRules({ profileId }));
/** Where one of the appliance's background syncs stands; undefined until main answered. */
export function useFirewallSyncStatus(profileId: string, resource: FirewallSyncResource): SyncStatus<FirewallSyncResource> | undefined {
  const statuses = useIpcQuery(firewallKeys.syncStatus(profileId), () => opsdesk.firewall.syncStatus({ profileId })).data;
  return statuses?.find((status) => status.resource === resource);
}

/** What the appliance and key allow, as main learned it; undefined until it answered. */
export const useFirewallCapabilities = (profileId: string) => useIpcQuery(firewallKeys.capabilities(profileId), () => opsdesk.firewall.capabilities({ profileId })).data;

/** The appliance's syncs, asked of main; their progress arrives as sync status. */
export const firewallSyncCalls = (profileId: string) => ({
  syncNow: () => opsdesk.firewall.syncNow({ profileId }),
  /** Has the sync reach `days` back. */
  fetchOlderAlerts: (days: number) => opsdesk.firewall.fetchOlderAlerts({ profileId, days }),
  stopFetchingOlderAlerts: () => opsdesk.firewall.stopFetchingOlderAlerts({ profileId }),
});

export const useProtectedRanges = () => useIpcQuery(firewallKeys.protectedRanges(), () => opsdesk.firewall.protectedRanges());

/**
 * What main says of blocking `ip` on the appliance (refused, asked again, or said, and why); none
 * for what is not one address. `known()` waits for the answer, so a confirmation never goes ahead
 * on a question not yet answered (a failed read answers none: main still refuses what it refuses).
 */
export function useBlockCautions(profileId: string, ip: string) {
  const client = useQueryClient();
  const address = parseAddress(ip);
  const single = address !== null && address.prefixLength === undefined;
  const queryKey = firewallKeys.blockCautions(profileId, ip);
  const call = () => opsdesk.firewall.blockCautions({ profileId, ip });
  const query = useIpcQuery(queryKey, call, { enabled: single });
  const none: BlockCaution[] = [];
  return {
    cautions: (single && query.data) || none,
    known: (): Promise<BlockCaution[]> => (single ? client.ensureQueryData({ queryKey, queryFn: () => unwrap(call()) }).catch(() => none) : Promise.resolve(none)),
  };
}

export function useSaveProtectedRanges() {
  const client = useQueryClient();
  return async (ranges: ProtectedRanges) => {
    const result = await opsdesk.firewall.saveProtectedRanges(ranges);
    if (result.ok) client.setQueryData(firewallKeys.protectedRanges(), result.data);
    return result;
  };
}

/** The appliance's detail of one alert: asked once per alert shown, never again because of a write. */
export const useAlertDetail = (profileId: string, alertId: string) =>
  useIpcQuery(firewallKeys.alert(profileId, alertId), () => opsdesk.firewall.alert({ profileId, alertId }));

/** The ids of the cached alerts a table's query selects, in its order (at most `limit`). */
export function useMatchingAlertIds(profileId: string) {
  return async ({ filter, sort }: { filter: AlertFilter; sort: AlertSort }, limit: number): Promise<IpcResult<string[]>> => {
    const page = await opsdesk.firewall.alerts({ profileId, filter, sort, limit });
    return page.ok ? { ok: true, data: page.data.rows.map((row) => row.id) } : page;
  };
}

/** The newest cached alerts from one address (a block's origin); follows the alerts' cache. */
export const useAlertsFrom = (profileId: string, ip: string, limit: number) =>
  useIpcQuery(firewallKeys.alertsWhere(profileId, { srcIp: ip, limit }), () =>
    opsdesk.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: ip, mode: 'in' }] }, limit }),
  );

/** The newest alerts an address card lists. */
const ADDRESS_CARD_ALERTS = 100;

/** An address's cached alerts on every appliance (the address card): indexed reads, so the first rows come at once, offline too. */
export const useAddressAlerts = (address: string) => useIpcQuery(addressKeys.card(address), () => opsdesk.address.card({ address, limit: ADDRESS_CARD_ALERTS }));

/** The work items made from one alert, each with its write's state until the server named the item. */
export const useAlertWorkItems = (profileId: string, alertId: string) =>
  useIpcQuery(addressKeys.alertWork(profileId, alertId), () => opsdesk.address.alertWorkItems({ profileId, alertId }));

type CreateAlertWorkItem = Omit<RequestOf<Contract['address']['calls']['createAlertWorkItem']>, 'profileId' | 'alertId'>;
type CreateAlertsWorkItem = Omit<RequestOf<Contract['address']['calls']['createAlertsWorkItem']>, 'profileId'>;

/**
 * "Create one work item" for checked alerts: the rows its text lists (of every alert the filter
 * matches, the first `limit` as sorted), and the write, each alert linked to it.
 */
export function alertsWorkItemCalls(profileId: string) {
  return {
    matching: ({ filter, sort }: { filter: AlertFilter; sort: AlertSort }, limit: number) => opsdesk.firewall.alerts({ profileId, filter, sort, limit }),
    create: (request: CreateAlertsWorkItem) => opsdesk.address.createAlertsWorkItem({ profileId, ...request }),
  };
}

/** "Create work item" on an alert: through the outbox, linked back to the alert at once. */
export function useCreateAlertWorkItem(profileId: string, alertId: string) {
  const client = useQueryClient();
  return async (request: CreateAlertWorkItem) => {
    const result = await opsdesk.address.createAlertWorkItem({ profileId, alertId, ...request });
    if (result.ok) void client.invalidateQueries({ queryKey: addressKeys.alertWork(profileId, alertId) });
    return result;
  };
}

export const useSyncSettings = (profileId: string) => useIpcQuery(firewallKeys.syncSettings(profileId), () => opsdesk.firewall.syncSettings({ profileId }));
export const useWebhookSettings = (profileId: string) => useIpcQuery(firewallKeys.webhook(profileId), () => opsdesk.firewall.webhook({ profileId }));

type AddAllow = Omit<RequestOf<Contract['firewall']['calls']['addAllow']>, 'profileId'>;
type AddDomainRule = Omit<RequestOf<Contract['firewall']['calls']['addDomainRule']>, 'profileId'>;
type SaveWebhook = Omit<RequestOf<Contract['firewall']['calls']['saveWebhook']>, 'profileId'>;

/**
 * The firewall's writes for one profile. Each answers with main's result, so a form shows its
 * field errors, and updates the window from what main answered or holds: a block made from an alert
 * marks that alert's detail from the block's own answer instead of asking the appliance again, and
 * a block-list change comes back through main's `cacheChanged`.
 */
export function useFirewallWrites(profileId: string) {
  const client = useQueryClient();
  const after = async <T>(call: Promise<IpcResult<T>>, refresh: readonly unknown[]) => {
    const result = await call;
    if (result.ok) void client.invalidateQueries({ queryKey: refresh });
    return result;
  };
  return {
    /** `origin`: where it was made (main writes it into the reason); `proposedBy`: approved from a model's proposal in that conversation. */
    async block(ip: string, durationSeconds: number, reason: string, origin: BlockOrigin, proposedBy?: { conversationId: string }) {
      const result = await after(opsdesk.firewall.block({ profileId, ip, durationSeconds, reason, origin, ...(proposedBy && { proposedBy }) }), firewallKeys.cached(profileId, 'blocklist'));
      if (result.ok) markSourceBlocked(client, profileId, result.data);
      return result;
    },
    unblock: (entryId: string) => after(opsdesk.firewall.unblock({ profileId, entryId }), firewallKeys.cached(profileId, 'blocklist')),
    /**
     * Lifts a block just made: by its id, or, when the appliance's answer did not carry one, the
     * cached entry of its address.
     */
    async unblockMade(entry: BlockEntry) {
      let entryId = entry.id;
      if (entryId === '') {
        const list = await opsdesk.firewall.blocklist({ profileId });
        if (!list.ok) return list;
        entryId = list.data.items.find((item) => item.ip === entry.ip)?.id ?? '';
        if (entryId === '') return { ok: true, data: null } as const;
      }
      const result = await after(opsdesk.firewall.unblock({ profileId, entryId }), firewallKeys.cached(profileId, 'blocklist'));
      if (result.ok) markSourceBlocked(client, profileId, entry, false);
      return result;
    },
    addAllow: (values: AddAllow) => after(opsdesk.firewall.addAllow({ profileId, ...values }), firewallKeys.allowlist(profileId)),
    removeAllow: (entryId: string) => after(opsdesk.firewall.removeAllow({ profileId, entryId }), firewallKeys.allowlist(profileId)),
    addDomainRule: (values: AddDomainRule) => after(opsdesk.firewall.addDomainRule({ profileId, ...values }), firewallKeys.domainRules(profileId)),
    removeDomainRule: (ruleId: string) => after(opsdesk.firewall.removeDomainRule({ profileId, ruleId }), firewallKeys.domainRules(profileId)),
    /** Takes back a write made here that waits in the outbox (main asks the appliance first whether it has it already, and takes it back there if so). */
    undoWrite: (writeId: string) => after(opsdesk.firewall.undoWrite({ writeId }), firewallKeys.all(profileId)),
    async saveSyncSettings(settings: SyncSettings) {
      const result = await opsdesk.firewall.saveSyncSettings({ profileId, settings });
      if (result.ok) client.setQueryData(firewallKeys.syncSettings(profileId), result.data);
      return result;
    },
    async saveWebhook(settings: SaveWebhook) {
      const result = await opsdesk.firewall.saveWebhook({ profileId, ...settings });
      if (result.ok) client.setQueryData<WebhookSettings>(firewallKeys.webhook(profileId), result.data);
      return result;
    },
    exportAlerts: (taskId: string, filter: AlertFilter, sort: AlertSort) => opsdesk.firewall.exportAlerts({ profileId, taskId, filter, sort }),
    cancelExport: (taskId: string) => opsdesk.app.cancel({ taskId }),
    syncNow: () => opsdesk.firewall.syncNow({ profileId }),
  };
}

/**
 * A bulk change's calls: its preview, and one block or release per address without the single
 * block's refresh of the list (main's cache events refresh it, once per change it makes). Each
 * answers what it did: made at once, or its write waiting in the outbox.
 */
export function bulkBlockCalls(profileId: string) {
  const outcome = <T>(result: IpcResult<T>, queuedWrite: (data: T) => string | undefined): IpcResult<BulkOutcome> => {
    if (!result.ok) return result;
    const writeId = queuedWrite(result.data);
    return { ok: true, data: writeId ? { queuedWrite: writeId } : {} };
  };
  return {
    sources: (which: { alertIds?: string[]; filter?: AlertFilter }) => opsdesk.firewall.blockSources({ profileId, ...which }),
    block: async (ip: string, durationSeconds: number, reason: string, origin: BlockOrigin) =>
      outcome(await opsdesk.firewall.block({ profileId, ip, durationSeconds, reason, origin }), (entry) => entry.pending?.writeId),
    unblock: async (entryId: string) => outcome(await opsdesk.firewall.unblock({ profileId, entryId }), (queued) => queued?.queued.id),
    /** Every change of an outbox write, while a bulk change follows its queued ones. */
    followWrites: (listener: (entry: OutboxEntry) => void) => opsdesk.outbox.onChanged(listener),
  };
}

/** Every alert detail shown from the address now says whether it is blocked; the alerts' rows follow main's cache event. */
function markSourceBlocked(client: ReturnType<typeof useQueryClient>, profileId: string, entry: BlockEntry, blocked = true) {
  // A block waiting in the outbox has not blocked anything yet.
  if (entry.pending) return;
  client.setQueriesData<AlertDetail>({ queryKey: [...firewallKeys.all(profileId), 'alert'] }, (detail) =>
    detail && detail.srcIp === entry.ip ? { ...detail, sourceBlocked: blocked } : detail,
  );
}

/** The cached block-list entry of exactly this address, if any (the appliance keeps one per address). */
export function blockOf(list: FirewallList<BlockEntry> | undefined, ip: string): BlockEntry | undefined {
  return list?.items.find((entry) => entry.ip === ip);
}

/** An export's progress while it runs. */
export function useExportProgress(taskId: string | null, onProgress: (progress: ExportProgress) => void) {
  useEffect(() => {
    if (!taskId) return;
    return opsdesk.firewall.onExportProgress((progress) => {
      if (progress.taskId === taskId) onProgress(progress);
    });
  }, [taskId, onProgress]);
}
