import type { FirewallCapabilities } from '../../../src-shared/contract/firewall.ts';
import { translator } from '../../language/translator.ts';
import { useFirewallCapabilities } from './firewall-data.ts';

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

/** `operateState` of the appliance's capabilities as main knows them. */
export const useOperateState = (profileId: string) => operateState(useFirewallCapabilities(profileId));
