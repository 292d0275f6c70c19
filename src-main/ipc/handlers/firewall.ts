import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import { UserFacingError } from '../../core/user-facing-error.ts';
import type { Handlers } from '../router.ts';

const notBuilt = (): never => {
  throw new UserFacingError({ code: 'internal', message: 'The firewall workspace is not built yet.' });
};

export function firewallHandlers(_services: AppServices): Handlers<Contract>['firewall'] {
  return {
    alerts: notBuilt,
    alertFacets: notBuilt,
    alert: notBuilt,
    exportAlerts: notBuilt,
    syncStatus: notBuilt,
    syncNow: notBuilt,
    syncSettings: notBuilt,
    saveSyncSettings: notBuilt,
    blocklist: notBuilt,
    block: notBuilt,
    blockAlertSource: notBuilt,
    unblock: notBuilt,
    allowlist: notBuilt,
    addAllow: notBuilt,
    removeAllow: notBuilt,
    domainRules: notBuilt,
    addDomainRule: notBuilt,
    removeDomainRule: notBuilt,
    capabilities: notBuilt,
    webhook: notBuilt,
    saveWebhook: notBuilt,
  };
}
