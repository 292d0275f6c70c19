import { useState } from 'react';
import { opsdesk } from '../../../bridge.ts';
import { useCacheFollower } from '../../../data/ipc-query.ts';
import { firewallKeys } from '../../../data/query-keys.ts';
import { createAlertsStore } from './alerts-store.ts';

/** The alerts table's store for one profile, read again whenever main's alerts cache changes. */
export function useAlertsStore(profileId: string) {
  const [store] = useState(() => createAlertsStore(opsdesk, profileId));
  useCacheFollower(firewallKeys.cached(profileId, 'alerts'), store.getState().refresh);
  return store;
}
