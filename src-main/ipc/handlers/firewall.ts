import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function firewallHandlers(services: AppServices): Handlers<Contract>['firewall'] {
  const { firewall } = services;
  return {
    alerts: (query) => firewall.alerts.query(query),
    alertFacets: ({ profileId }) => firewall.alerts.facets(profileId),
    alert: ({ profileId, alertId }) => firewall.alerts.detail(profileId, alertId),
    exportAlerts: (request, { windowId }) => firewall.export.export(request, windowId),
    syncStatus: ({ profileId }) => firewall.sync.status(profileId),
    syncNow: ({ profileId }) => firewall.syncNow(profileId),
    fetchOlderAlerts: ({ profileId, days }) => firewall.fetchOlderAlerts(profileId, days),
    stopFetchingOlderAlerts: ({ profileId }) => firewall.stopFetchingOlderAlerts(profileId),
    syncSettings: ({ profileId }) => firewall.syncSettings.get(profileId),
    saveSyncSettings: ({ profileId, settings }) => firewall.saveSyncSettings(profileId, settings),
    blocklist: ({ profileId }) => firewall.blocks.list(profileId),
    block: ({ profileId, ip, durationSeconds, reason, origin, proposedBy }) => firewall.blocks.block(profileId, ip, durationSeconds, reason, origin, proposedBy),
    undoWrite: ({ writeId }) => firewall.writes.undo(writeId),
    unblock: ({ profileId, entryId }) => firewall.blocks.unblock(profileId, entryId),
    blockSources: ({ profileId, alertIds, filter }) => firewall.blocks.sources(profileId, { alertIds, filter }),
    blockCautions: ({ profileId, ip }) => firewall.cautions.of(profileId, ip),
    protectedRanges: () => firewall.protectedRanges.get(),
    saveProtectedRanges: (ranges) => firewall.protectedRanges.save(ranges),
    allowlist: ({ profileId }) => firewall.allowlist.all(profileId),
    addAllow: ({ profileId, ip, description }) => firewall.allowlist.create(profileId, { ip, description }),
    removeAllow: ({ profileId, entryId }) => firewall.allowlist.remove(profileId, entryId),
    domainRules: ({ profileId }) => firewall.domains.all(profileId),
    addDomainRule: ({ profileId, ...rule }) => firewall.domains.create(profileId, rule),
    removeDomainRule: ({ profileId, ruleId }) => firewall.domains.remove(profileId, ruleId),
    capabilities: ({ profileId, refresh }) => firewall.capabilities.get(profileId, refresh),
    webhook: ({ profileId }) => firewall.webhooks.get(profileId),
    saveWebhook: (settings) => firewall.webhooks.save(settings),
  };
}
