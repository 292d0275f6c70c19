// The appliance's administration features (issue 10, items 6 to 9), built once for the app.
import type { Db } from '../db/database.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { Logger } from '../log/logger.ts';
import type { Platform } from '../platform.ts';
import { ApplianceResource, type ResourceOptions } from './appliance-resource.ts';
import { deviceResource } from './devices/device-wire.ts';
import { HoneypotEvents } from './honeypots/honeypot-events.ts';
import { honeypotResource } from './honeypots/honeypot-wire.ts';
import { LogQueryRepository } from './logs/log-query-repository.ts';
import { LogSearchService } from './logs/log-search-service.ts';
import { addressObjectResource } from './objects/address-object-wire.ts';
import { policyResource } from './policies/policy-wire.ts';
import { ReportService } from './reports/report-service.ts';
import { reportResource } from './reports/report-wire.ts';
import { StatusService } from './status/status-service.ts';

export interface FirewallAdminOptions {
  /** The firewall workspace's: the same page sizes, and refused writes told to the same capabilities. */
  resources: ResourceOptions;
  db: Db;
  logger: Logger;
  /** Where a saved report goes (the save dialog), in the user's language. */
  platform: Platform;
  translator: Translator;
}

export function createFirewallAdmin({ resources, db, logger, platform, translator }: FirewallAdminOptions) {
  const { clients, clock } = resources;
  const honeypots = new ApplianceResource(resources, honeypotResource);
  const policies = new ApplianceResource(resources, policyResource);
  const addressObjects = new ApplianceResource(resources, addressObjectResource);
  const reports = new ReportService(resources, logger, platform, translator);
  const status = new StatusService(clients, clock, logger);
  for (const [resource, owner] of [[policyResource, policies.writeOwner], [addressObjectResource, addressObjects.writeOwner], [honeypotResource, honeypots.writeOwner], [reportResource, reports.writeOwner]] as const) {
    resources.writes?.own(resource.activity.kind, owner);
  }
  return {
    policies,
    addressObjects,
    logs: new LogSearchService(resources, new LogQueryRepository(db)),
    devices: new ApplianceResource(resources, deviceResource),
    honeypots,
    honeypotEvents: new HoneypotEvents(resources),
    reports,
    status,
    dispose() {
      reports.dispose();
      status.dispose();
    },
  };
}

export type FirewallAdmin = ReturnType<typeof createFirewallAdmin>;
