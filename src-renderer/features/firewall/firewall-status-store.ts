import { create } from 'zustand';
import type { FirewallCapabilities } from '../../../src-shared/contract/firewall.ts';
import type { FirewallSyncResource, SyncStatus } from '../../../src-shared/contract/sync.ts';
import { opsdesk } from '../../data/bridge.ts';
import { translator } from '../../language/translator.ts';

export interface FirewallStatusStore {
  /** By profile id, then resource: where each background sync stands. */
  sync: Record<string, Partial<Record<FirewallSyncResource, SyncStatus<FirewallSyncResource>>>>;
  /** By profile id: what the appliance and key allow, as main learned it. */
  capabilities: Record<string, FirewallCapabilities>;
  /** Fetches a profile's sync status and capabilities, and follows main's changes from then on. */
  follow(profileId: string): Promise<void>;
  syncNow(profileId: string): Promise<void>;
  /** Has the sync reach `days` back; its progress arrives as sync status. */
  fetchOlderAlerts(profileId: string, days: number): Promise<void>;
  stopFetchingOlderAlerts(profileId: string): Promise<void>;
}

export const useFirewallStatusStore = create<FirewallStatusStore>()((set) => {
  const applySync = (status: SyncStatus<FirewallSyncResource>) =>
    set((state) => ({ sync: { ...state.sync, [status.profileId]: { ...state.sync[status.profileId], [status.resource]: status } } }));
  const applyCapabilities = (capabilities: FirewallCapabilities) =>
    set((state) => ({ capabilities: { ...state.capabilities, [capabilities.profileId]: capabilities } }));
  let listening = false;
  const followed = new Map<string, Promise<void>>();

  return {
    sync: {},
    capabilities: {},

    follow(profileId) {
      if (!listening) {
        listening = true;
        opsdesk.firewall.onSyncChanged(applySync);
        opsdesk.firewall.onCapabilitiesChanged(applyCapabilities);
      }
      let following = followed.get(profileId);
      if (!following) {
        following = (async () => {
          const [sync, capabilities] = await Promise.all([
            opsdesk.firewall.syncStatus({ profileId }),
            opsdesk.firewall.capabilities({ profileId }),
          ]);
          if (sync.ok) sync.data.forEach(applySync);
          if (capabilities.ok) applyCapabilities(capabilities.data);
        })();
        followed.set(profileId, following);
      }
      return following;
    },

    async syncNow(profileId) {
      await opsdesk.firewall.syncNow({ profileId });
    },

    async fetchOlderAlerts(profileId, days) {
      await opsdesk.firewall.fetchOlderAlerts({ profileId, days });
    },

    async stopFetchingOlderAlerts(profileId) {
      await opsdesk.firewall.stopFetchingOlderAlerts({ profileId });
    },
  };
});

/**
 * Whether the user may block, unblock and edit the allow list and domain rules, and if not why; an
 * appliance that did not say what the key may do leaves them on, with the reason a change may be refused.
 */
export function operateState(capabilities: FirewallCapabilities | undefined): { allowed: boolean; reason?: string } {
  if (!capabilities) return { allowed: true };
  if (capabilities.operate.state === 'unknown') return capabilities.operate.reason ? { allowed: true, reason: capabilities.operate.reason } : { allowed: true };
  if (capabilities.operate.state !== 'denied') return { allowed: true };
  return { allowed: false, reason: capabilities.operate.reason ?? translator.t('firewall.readOnly.defaultReason') };
}
