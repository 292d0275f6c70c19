// The alerts section's bridge calls: the table's pages over main's cache, and what main keeps of
// the view (its query, its named filters, when the analyst last left it). Components use these only.
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { AlertFilter } from '../../../../src-shared/contract/firewall.ts';
import type { OpsDeskApi } from '../../../../src-shared/contract/index.ts';
import type { AlertView, SavedAlertFilter } from '../../../../src-shared/contract/views.ts';
import { opsdesk } from '../../../data/bridge.ts';
import { unwrap, useCacheFollower } from '../../../data/ipc-query.ts';
import { firewallKeys } from '../../../data/query-keys.ts';
import { createAlertsStore, type AlertsStore, type AlertTableCalls } from './alerts-store.ts';

/** The alerts table's calls of one appliance. */
export const alertTableCalls = (api: Pick<OpsDeskApi, 'firewall' | 'views'>, profileId: string): AlertTableCalls => ({
  page: ({ filter, sort }, { offset, limit }) => api.firewall.alerts({ profileId, filter, sort, offset, limit }),
  facets: () => api.firewall.alertFacets({ profileId }),
  keptQuery: () => api.views.alertView({ profileId }),
  keepQuery: ({ filter, sort }) => api.views.keepAlertView({ profileId, filter, sort }),
});

/** One table per appliance for as long as OpsDesk runs: its filter, sort and selection wait while another section is open. */
const stores = new Map<string, AlertsStore>();

/** The alerts table's store of one appliance (made on first use, e.g. by a saved filter run from the palette). */
export function alertsStoreOf(profileId: string): AlertsStore {
  let store = stores.get(profileId);
  if (!store) {
    store = createAlertsStore(alertTableCalls(opsdesk, profileId), profileId);
    stores.set(profileId, store);
  }
  return store;
}

/** The alerts table's store for one profile, read again whenever main's alerts cache changes. */
export function useAlertsStore(profileId: string) {
  const store = alertsStoreOf(profileId);
  useCacheFollower(firewallKeys.cached(profileId, 'alerts'), store.getState().refresh);
  return store;
}

const keptAlertView = (profileId: string) => ({ queryKey: firewallKeys.alertView(profileId), queryFn: () => unwrap(opsdesk.views.alertView({ profileId })) });

/** What main kept of this appliance's alerts view: its named filters and when the analyst last left it. */
export const useKeptAlertView = (profileId: string) => useQuery(keptAlertView(profileId));

const answers = (results: UseQueryResult<AlertView>[]) => results.map((result) => result.data);

/** The kept alerts views of these appliances by profile id, each once main answered (the palette's commands). */
export function useKeptAlertViews(profileIds: readonly string[]): Readonly<Record<string, AlertView>> {
  const views = useQueries({ queries: profileIds.map(keptAlertView), combine: answers });
  return useMemo(() => Object.fromEntries(profileIds.flatMap((profileId, index) => (views[index] ? [[profileId, views[index]]] : []))), [profileIds, views]);
}

/** Saves or deletes a named filter: main answers with the appliance's named filters as they are now. */
export function useSavedAlertFilters(profileId: string) {
  const client = useQueryClient();
  const show = (result: IpcResult<SavedAlertFilter[]>) => {
    if (result.ok) client.setQueryData<AlertView>(firewallKeys.alertView(profileId), (view) => view && { ...view, saved: result.data });
  };
  return {
    save: async (name: string, filter: AlertFilter) => show(await opsdesk.views.saveAlertFilter({ profileId, saved: { name, filter } })),
    remove: async (name: string) => show(await opsdesk.views.deleteAlertFilter({ profileId, name })),
  };
}

/** The analyst leaves the alerts: the next visit's "new since I last looked" starts now. */
export function useMarkAlertsLooked(profileId: string): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void opsdesk.views.markAlertsLooked({ profileId });
    client.setQueryData<AlertView>(firewallKeys.alertView(profileId), (view) => view && { ...view, lastLookedAt: new Date().toISOString() });
  }, [client, profileId]);
}
