import type { Permission } from '../../../../src-shared/contract/firewall.ts';
import { useFirewallCapabilities } from '../firewall-data.ts';

export interface AdminAccess {
  /** Policies, address objects, honeypots. */
  administer: Permission;
  honeypots: Permission;
  devices: Permission;
}

const notLearnedYet: Permission = { state: 'unknown' };

/**
 * What these sections may do on this appliance with this key, as main learned it before the user
 * tried anything (`firewall.capabilities`: the edition in its status, its OpenAPI description, the
 * key's role from a write the appliance refuses without acting on it).
 */
export function useAdminAccess(profileId: string): AdminAccess {
  const capabilities = useFirewallCapabilities(profileId);
  return {
    administer: capabilities?.administer ?? notLearnedYet,
    honeypots: capabilities?.honeypots ?? notLearnedYet,
    devices: capabilities?.devices ?? notLearnedYet,
  };
}
