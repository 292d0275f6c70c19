// The appliance's administration features (issue 10, items 6 to 9), built once for the app.
import type { Db } from '../db/database.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Logger } from '../log/logger.ts';
import { fetchListPage, FirewallResource, type FirewallClientSource } from './resource-calls.ts';
import { readDevice } from './devices/device-wire.ts';
import { honeypotResource, readHoneypotEvent } from './honeypots/honeypot-wire.ts';
import { LogQueryRepository } from './logs/log-query-repository.ts';
import { LogSearchService } from './logs/log-search-service.ts';
import { addressObjectResource } from './objects/address-object-wire.ts';
import { policyResource } from './policies/policy-wire.ts';
import { ReportService } from './reports/report-service.ts';
import { StatusService } from './status/status-service.ts';
import type { Paging } from './resource-calls.ts';

export interface FirewallAdminOptions {
  clients: FirewallClientSource;
  db: Db;
  clock: Clock;
  logger: Logger;
}

export function createFirewallAdmin({ clients, db, clock, logger }: FirewallAdminOptions) {
  const honeypots = new FirewallResource(clients, honeypotResource);
  const reports = new ReportService(clients, clock, logger);
  const status = new StatusService(clients, clock, logger);
  return {
    policies: new FirewallResource(clients, policyResource),
    addressObjects: new FirewallResource(clients, addressObjectResource),
    logs: new LogSearchService(clients, new LogQueryRepository(db), clock),
    devices: {
      list: (profileId: string, paging: Paging, filters: { text?: string | undefined; online?: boolean | undefined }) =>
        fetchListPage(clients.clientFor(profileId, 'firewall'), '/devices', readDevice, paging, { q: filters.text, online: filters.online }),
    },
    honeypots,
    honeypotEvents: {
      list: (profileId: string, honeypotId: string, paging: Paging) =>
        fetchListPage(honeypots.client(profileId), `${honeypots.objectPath(honeypotId)}/events`, readHoneypotEvent, paging),
    },
    reports,
    status,
    dispose() {
      reports.dispose();
      status.dispose();
    },
  };
}

export type FirewallAdmin = ReturnType<typeof createFirewallAdmin>;
