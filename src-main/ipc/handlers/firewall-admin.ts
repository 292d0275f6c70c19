import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function firewallAdminHandlers({ firewallAdmin: admin }: AppServices): Handlers<Contract>['firewallAdmin'] {
  return {
    listPolicies: ({ profileId, ...paging }) => admin.policies.list(profileId, paging),
    createPolicy: ({ profileId, policy }) => admin.policies.create(profileId, policy),
    updatePolicy: ({ profileId, id, policy }) => admin.policies.update(profileId, id, policy),
    deletePolicy: ({ profileId, id }) => admin.policies.remove(profileId, id),

    listAddressObjects: ({ profileId, type, ...paging }) => admin.addressObjects.list(profileId, paging, { type }),
    createAddressObject: ({ profileId, addressObject }) => admin.addressObjects.create(profileId, addressObject),
    updateAddressObject: ({ profileId, id, addressObject }) => admin.addressObjects.update(profileId, id, addressObject),
    deleteAddressObject: ({ profileId, id }) => admin.addressObjects.remove(profileId, id),

    searchLogs: ({ profileId, query, remember, ...paging }) => admin.logs.search(profileId, query, paging, { remember }),
    recentLogQueries: ({ profileId }) => admin.logs.recent(profileId),

    listDevices: ({ profileId, text, online, ...paging }) => admin.devices.list(profileId, paging, { q: text, online }),

    listHoneypots: ({ profileId, ...paging }) => admin.honeypots.list(profileId, paging),
    createHoneypot: ({ profileId, honeypot }) => admin.honeypots.create(profileId, honeypot),
    updateHoneypot: ({ profileId, id, honeypot }) => admin.honeypots.update(profileId, id, honeypot),
    deleteHoneypot: ({ profileId, id }) => admin.honeypots.remove(profileId, id),
    listHoneypotEvents: ({ profileId, honeypotId, ...paging }) => admin.honeypotEvents.list(profileId, honeypotId, paging),

    listReports: ({ profileId, ...paging }) => admin.reports.list(profileId, paging),
    generateReport: ({ profileId, report }) => admin.reports.generateReport(profileId, report),
    getReport: ({ profileId, id }) => admin.reports.get(profileId, id),
    saveReport: ({ profileId, id }) => admin.reports.save(profileId, id),

    status: ({ profileId }) => admin.status.history(profileId),
  };
}
