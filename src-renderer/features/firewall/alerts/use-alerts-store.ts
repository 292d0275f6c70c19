import { opsdesk } from '../../../data/bridge.ts';
import { useCacheFollower } from '../../../data/ipc-query.ts';
import { firewallKeys } from '../../../data/query-keys.ts';
import { createAlertsStore, type AlertsStore } from './alerts-store.ts';

/** One table per appliance for as long as OpsDesk runs: its filter, sort and selection wait while another section is open. */
const stores = new Map<string, AlertsStore>();

/** The alerts table's store of one appliance (made on first use, e.g. by a saved filter run from the palette). */
export function alertsStoreOf(profileId: string): AlertsStore {
  let store = stores.get(profileId);
  if (!store) {
    store = createAlertsStore(opsdesk, profileId);
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
