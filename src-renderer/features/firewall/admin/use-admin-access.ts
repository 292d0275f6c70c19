import { useEffect } from 'react';
import { useAdminStatusStore } from './status-store.ts';
import { useTranslation } from 'react-i18next';

export interface Permission {
  state: 'allowed' | 'denied' | 'unknown';
  reason?: string;
}

export interface AdminAccess {
  edition: string | null;
  /** Policies, address objects, honeypots. */
  administer: Permission;
  honeypots: Permission;
  devices: Permission;
}

/**
 * What these sections may do on this appliance with this key, from what it said: the edition in
 * its status, and a write refused for the key's role. The one place to switch to the firewall
 * area's `capabilities` call once that is merged.
 */
export function useAdminAccess(profileId: string): AdminAccess {
  const { t } = useTranslation();
  const watch = useAdminStatusStore((state) => state.watch);
  const edition = useAdminStatusStore((state) => state.histories[profileId]?.status?.edition ?? null);
  const roleRefused = useAdminStatusStore((state) => state.roleRefused[profileId] === true);
  useEffect(() => {
    void watch(profileId);
  }, [watch, profileId]);

  const free = edition === 'free-waf';
  const known = edition !== null;
  const allowed: Permission = { state: known ? 'allowed' : 'unknown' };
  return {
    edition,
    administer: free
      ? { state: 'denied', reason: t('firewallAdmin.access.freeEditionWrites') }
      : roleRefused
        ? { state: 'denied', reason: t('firewallAdmin.access.role') }
        : allowed,
    honeypots: free ? { state: 'denied', reason: t('firewallAdmin.access.freeEditionHoneypots') } : allowed,
    devices: free ? { state: 'denied', reason: t('firewallAdmin.access.freeEditionDevices') } : allowed,
  };
}
