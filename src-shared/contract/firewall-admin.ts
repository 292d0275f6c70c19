// The appliance's administration endpoints (firewall.md, part 4): policies, address objects and
// groups, log search, devices, honeypots and their trigger events, reports, system status.
// Requests carry only shapes and size caps: the appliance judges the values, and its 400s come
// back as `fieldErrors` on the form's own field names.
import { z } from 'zod';
import { call, event } from './define.ts';
import { addressObjectTypes, logActions, logTimePresets, logTypes } from '../firewall-constants.ts';
import type { QueuedWrite } from './firewall.ts';
import type { RemotePage } from './pages.ts';

const profileId = z.string().min(1).max(64);
const objectId = z.string().min(1).max(200);
const text = z.string().max(1_000);
const names = z.array(z.string().max(500)).max(500);
const paging = { page: z.int().min(1).max(1_000_000).default(1), pageSize: z.int().min(1).max(500).default(50) };

export interface Policy {
  id: string;
  name: string;
  enabled: boolean;
  action: string;
  source: string[];
  destination: string[];
  service: string[];
  priority?: number;
  description: string;
  hitCount?: number;
  createdAt?: string;
  updatedAt?: string;
}
export const policyInputSchema = z.object({
  name: z.string().max(500),
  action: z.string().max(40),
  enabled: z.boolean().optional(),
  source: names.optional(),
  destination: names.optional(),
  service: names.optional(),
  priority: z.number().optional(),
  description: text.optional(),
});
export type PolicyInput = z.infer<typeof policyInputSchema>;

export interface AddressObject {
  id: string;
  name: string;
  type: string;
  /** The address, network, range or domain; absent for a group. */
  value?: string;
  /** A group's member ids. */
  members: string[];
  description: string;
  createdAt?: string;
  updatedAt?: string;
}
export const addressObjectInputSchema = z.object({
  name: z.string().max(500),
  type: z.string().max(40),
  value: z.string().max(1_000).optional(),
  members: names.optional(),
  description: text.optional(),
});
export type AddressObjectInput = z.infer<typeof addressObjectInputSchema>;

export { logActions, logTimePresets, logTypes };
export const logQuerySchema = z.object({
  text: z.string().max(500).optional(),
  srcIp: z.string().max(100).optional(),
  dstIp: z.string().max(100).optional(),
  type: z.enum(logTypes).optional(),
  action: z.enum(logActions).optional(),
  timePreset: z.enum(logTimePresets).default('24h'),
  since: z.string().max(64).optional(),
  until: z.string().max(64).optional(),
});
export type LogQuery = z.input<typeof logQuerySchema>;
export interface LogEntry {
  id: string;
  time?: string;
  type?: string;
  srcIp?: string;
  srcPort?: number;
  dstIp?: string;
  dstPort?: number;
  protocol?: string;
  action?: string;
  bytes?: number;
  ruleId?: string;
  message?: string;
}
export interface LogSearchResult extends RemotePage<LogEntry> {
  /** The query object as it went to the appliance (`POST /logs/search`). */
  sent: Record<string, unknown>;
}
export interface RecentLogQuery {
  query: LogQuery;
  usedAt: string;
}

export interface Device {
  id: string;
  name?: string;
  ip?: string;
  mac?: string;
  vendor?: string;
  os?: string;
  type?: string;
  online?: boolean;
  firstSeen?: string;
  lastSeen?: string;
}

export interface Honeypot {
  id: string;
  name: string;
  type: string;
  ip?: string;
  port?: number;
  enabled: boolean;
  triggerCount?: number;
  lastTriggeredAt?: string;
  createdAt?: string;
  updatedAt?: string;
}
export const honeypotInputSchema = z.object({
  name: z.string().max(500),
  type: z.string().max(40),
  ip: z.string().max(100),
  port: z.number(),
  enabled: z.boolean().optional(),
});
export type HoneypotInput = z.infer<typeof honeypotInputSchema>;
export interface HoneypotEvent {
  id: string;
  honeypotId?: string;
  srcIp?: string;
  occurredAt?: string;
  detail?: string;
}

export interface Report {
  id: string;
  name: string;
  type?: string;
  /** `generating`, `ready` or what else the appliance says; `ready` has content. */
  status: string;
  /** 0..100 when the appliance says how far it is. */
  progress?: number;
  periodFrom?: string;
  periodTo?: string;
  createdAt?: string;
  completedAt?: string;
  /** The report's body as the appliance sent it (any JSON), once ready and read one by one. */
  content?: unknown;
  /** Where the appliance offers the finished report as a file (`url`, `download_url`, `file`), as it wrote it. */
  link?: string;
}

/** Where a report was saved; null when the user cancelled the save dialog. */
export interface SavedReport {
  path: string | null;
}
export const reportRequestSchema = z.object({
  type: z.string().max(60),
  name: z.string().max(500).optional(),
  from: z.string().max(64).optional(),
  to: z.string().max(64).optional(),
});

export interface ApplianceStatus {
  version?: string;
  uptimeSeconds?: number;
  edition?: string;
  hostname?: string;
  model?: string;
  cpuPercent?: number;
  memoryPercent?: number;
  activeSessions?: number;
  /** The key's role, when the status says it (`role`, `key_role`, `api_key.role`). */
  keyRole?: string;
}
/** One reading of the status poller. */
export interface StatusSample {
  at: string;
  cpuPercent?: number;
  memoryPercent?: number;
}
export interface StatusHistory {
  profileId: string;
  /** The latest reading; null until the appliance first answers. */
  status: ApplianceStatus | null;
  /** Every reading since the poller started (the first time the dashboard asked), oldest first. */
  samples: StatusSample[];
  /** When the latest reading was taken. */
  readAt: string | null;
}

export interface StatusSampled {
  profileId: string;
  status: ApplianceStatus;
  sample: StatusSample;
}
export interface ReportChanged {
  profileId: string;
  report: Report;
}

export const firewallAdmin = {
  calls: {
    listPolicies: call<RemotePage<Policy>>()(z.object({ profileId, ...paging })),
    createPolicy: call<Policy | QueuedWrite>()(z.object({ profileId, policy: policyInputSchema })),
    updatePolicy: call<Policy | QueuedWrite>()(z.object({ profileId, id: objectId, policy: policyInputSchema.partial() })),
    deletePolicy: call<QueuedWrite | null>()(z.object({ profileId, id: objectId })),

    listAddressObjects: call<RemotePage<AddressObject>>()(z.object({ profileId, ...paging, type: z.enum(addressObjectTypes).optional() })),
    createAddressObject: call<AddressObject | QueuedWrite>()(z.object({ profileId, addressObject: addressObjectInputSchema })),
    updateAddressObject: call<AddressObject | QueuedWrite>()(z.object({ profileId, id: objectId, addressObject: addressObjectInputSchema.partial() })),
    deleteAddressObject: call<QueuedWrite | null>()(z.object({ profileId, id: objectId })),

    /** `remember: false`: a search run while the analyst types, not offered again among the recent ones. */
    searchLogs: call<LogSearchResult>()(z.object({ profileId, query: logQuerySchema, ...paging, remember: z.boolean().default(true) })),
    recentLogQueries: call<RecentLogQuery[]>()(z.object({ profileId })),

    listDevices: call<RemotePage<Device>>()(
      z.object({ profileId, ...paging, text: z.string().max(200).optional(), online: z.boolean().optional() }),
    ),

    listHoneypots: call<RemotePage<Honeypot>>()(z.object({ profileId, ...paging })),
    createHoneypot: call<Honeypot | QueuedWrite>()(z.object({ profileId, honeypot: honeypotInputSchema })),
    updateHoneypot: call<Honeypot | QueuedWrite>()(z.object({ profileId, id: objectId, honeypot: honeypotInputSchema.partial() })),
    deleteHoneypot: call<QueuedWrite | null>()(z.object({ profileId, id: objectId })),
    listHoneypotEvents: call<RemotePage<HoneypotEvent>>()(z.object({ profileId, honeypotId: objectId, ...paging })),

    listReports: call<RemotePage<Report>>()(z.object({ profileId, ...paging })),
    /** Answers at once with the report as the appliance started it; `reportChanged` follows it until it is ready. */
    generateReport: call<Report | QueuedWrite>()(z.object({ profileId, report: reportRequestSchema })),
    getReport: call<Report>()(z.object({ profileId, id: objectId })),
    /** Main fetches the finished report (its content, or the file at its link) and saves it where the user chooses. */
    saveReport: call<SavedReport>()(z.object({ profileId, id: objectId })),

    /** The status poller's readings so far; starts the poller for this profile if it is not running. */
    status: call<StatusHistory>()(z.object({ profileId })),
  },
  events: {
    statusSampled: event<StatusSampled>(),
    reportChanged: event<ReportChanged>(),
  },
};
