import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function firewallAdminHandlers({ firewallAdmin: admin, firewall }: AppServices): Handlers<Contract>['firewallAdmin'] {
  // A write refused for the key's role or the edition updates the capabilities every section shows.
  const administer = <T>(profileId: string, write: () => Promise<T>) => firewall.operate(profileId, write, 'administer');
  return {
    listPolicies: ({ profileId, ...paging }) => admin.policies.list(profileId, paging),
    createPolicy: ({ profileId, policy }) => administer(profileId, () => admin.policies.create(profileId, policy)),
    updatePolicy: ({ profileId, id, policy }) => administer(profileId, () => admin.policies.update(profileId, id, policy)),
    deletePolicy: ({ profileId, id }) => administer(profileId, () => admin.policies.remove(profileId, id)),

    listAddressObjects: ({ profileId, type, ...paging }) => admin.addressObjects.list(profileId, paging, { type }),
    createAddressObject: ({ profileId, addressObject }) => administer(profileId, () => admin.addressObjects.create(profileId, addressObject)),
    updateAddressObject: ({ profileId, id, addressObject }) => administer(profileId, () => admin.addressObjects.update(profileId, id, addressObject)),
    deleteAddressObject: ({ profileId, id }) => administer(profileId, () => admin.addressObjects.remove(profileId, id)),

    searchLogs: ({ profileId, query, ...paging }) => admin.logs.search(profileId, query, paging),
    recentLogQueries: ({ profileId }) => admin.logs.recent(profileId),

    listDevices: ({ profileId, text, online, ...paging }) => admin.devices.list(profileId, paging, { text, online }),

    listHoneypots: ({ profileId, ...paging }) => admin.honeypots.list(profileId, paging),
    createHoneypot: ({ profileId, honeypot }) => administer(profileId, () => admin.honeypots.create(profileId, honeypot)),
    updateHoneypot: ({ profileId, id, honeypot }) => administer(profileId, () => admin.honeypots.update(profileId, id, honeypot)),
    deleteHoneypot: ({ profileId, id }) => administer(profileId, () => admin.honeypots.remove(profileId, id)),
    listHoneypotEvents: ({ profileId, honeypotId, ...paging }) => admin.honeypotEvents.list(profileId, honeypotId, paging),

    listReports: ({ profileId, ...paging }) => admin.reports.list(profileId, paging),
    generateReport: ({ profileId, report }) => admin.reports.generate(profileId, report),
    getReport: ({ profileId, id }) => admin.reports.get(profileId, id),

    status: ({ profileId }) => admin.status.history(profileId),
  };
}
