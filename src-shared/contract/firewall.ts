import { z } from 'zod';
import { call, event, taskIdSchema } from './define.ts';
import type { IpcError } from './define.ts';
import type { OutboxEntry, OutboxState } from './outbox.ts';
import type { CachedPage } from './pages.ts';
import type { BackEnd } from './profiles.ts';
import type { CacheChanged, FirewallSyncResource, SyncStatus } from './sync.ts';
import type { WebhookDeliveries } from './webhook-deliveries.ts';
import { parseAddress } from '../address-mentions.ts';
import type { BlockOrigin } from '../block-reason.ts';
import { alertSeverities } from '../firewall-constants.ts';

export { alertSeverities };
export type AlertSeverity = (typeof alertSeverities)[number];

/** The alert columns a user can filter on from a cell ("filter in / filter out"). */
export const alertFields = ['severity', 'occurredAt', 'category', 'action', 'srcIp', 'srcPort', 'dstIp', 'dstPort', 'protocol', 'signature', 'deviceId'] as const;
export type AlertField = (typeof alertFields)[number];

/**
 * One cached alert as the table shows it. Every field but `id` may be missing on a real appliance
 * (null here); `severity` is one of `alertSeverities` when the appliance used a known word (or a number the
 * description names), "level N" for a number it does not.
 */
export interface AlertRow {
  id: string;
  severity: string | null;
  /** ISO 8601 UTC. */
  occurredAt: string | null;
  category: string | null;
  action: string | null;
  srcIp: string | null;
  srcPort: number | null;
  dstIp: string | null;
  dstPort: number | null;
  protocol: string | null;
  signature: string | null;
  message: string | null;
  deviceId: string | null;
  /** The block list (as last synced) holds this alert's source address. */
  sourceBlocked: boolean;
}

/** The appliance's detail of one alert: the row plus what only the detail carries, and every field we do not know, as text. */
export interface AlertDetail extends AlertRow {
  ruleId: string | null;
  payloadExcerpt: string | null;
  /** The domain the alert names (a request's host, a DNS query), when the appliance sends one: what a quick allow may allow. */
  domain: string | null;
  /** Fields the appliance sent that OpsDesk has no column for, passed through as text. */
  otherFields: { name: string; value: string }[];
  /** `appliance`: fetched now; `cache`: the appliance could not be reached, this is the last copy. */
  from: 'appliance' | 'cache';
  /** Why the appliance's copy could not be read, when `from` is `cache`. */
  error?: IpcError;
}

const profileId = z.string().min(1).max(64);
const text = z.string().max(500);
const isoTime = z.string().max(40).refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time');

export const alertFilterSchema = z.object({
  /** The four names, or "level N" where the appliance sends numbers and does not say which end is most severe. */
  severity: z.array(z.union([z.enum(alertSeverities), z.string().regex(/^level \d{1,4}$/)])).max(20).optional(),
  category: z.array(text).max(50).optional(),
  action: z.array(text).max(20).optional(),
  srcIp: text.optional(),
  dstIp: text.optional(),
  /** Inclusive, ISO 8601. */
  since: isoTime.optional(),
  /** Exclusive, ISO 8601. */
  until: isoTime.optional(),
  /** Full-text search over signature, message, category, addresses (SQLite FTS5 words; a word's prefix matches). */
  text: text.optional(),
  /** "Filter in" (`in`) or "filter out" (`out`) from a cell: the field must (not) equal the value. */
  cells: z.array(z.object({ field: z.enum(alertFields), value: text, mode: z.enum(['in', 'out']) })).max(20).optional(),
});
export type AlertFilter = z.input<typeof alertFilterSchema>;

/** The columns the cache keeps an index for, so sorting stays fast at a million alerts. */
export const alertSortFields = ['occurredAt', 'severity', 'category', 'action', 'srcIp', 'dstIp', 'signature'] as const;
export type AlertSortField = (typeof alertSortFields)[number];

export const alertSortSchema = z.object({
  field: z.enum(alertSortFields),
  direction: z.enum(['asc', 'desc']),
});
export type AlertSort = z.infer<typeof alertSortSchema>;

export const alertQuerySchema = z.object({
  profileId,
  filter: alertFilterSchema.default({}),
  /** Default: newest first. */
  sort: alertSortSchema.default({ field: 'occurredAt', direction: 'desc' }),
  offset: z.int().min(0).max(100_000_000).default(0),
  limit: z.int().min(1).max(1000).default(100),
});
export type AlertQuery = z.input<typeof alertQuerySchema>;

/** The values present in the cache, for the filter pickers. */
export interface AlertFacets {
  severities: string[];
  categories: string[];
  actions: string[];
}

export const syncSettingsSchema = z.object({
  intervalSeconds: z.int().min(10).max(86_400),
  /** How far back the first sync fetches; at or beyond `retentionDays`: everything the cache keeps. */
  backfillDays: z.int().min(1).max(3650),
  /** Alerts older than this leave the cache. */
  retentionDays: z.int().min(1).max(3650),
  /** The most alerts kept per profile; the oldest go first. */
  retentionRows: z.int().min(1000).max(5_000_000),
});
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

/** A change of a block made here that the appliance has not taken yet: it waits in the outbox (queued, or refused with Retry and Discard). */
export interface PendingBlockChange {
  writeId: string;
  state: OutboxState;
  /** `block`: the appliance's list does not hold the address yet, the entry is the block waiting; `extend`: a new block of an address it holds. */
  change: 'block' | 'extend' | 'unblock';
  /** Why it waits or was refused. */
  error: IpcError | null;
}

/** What a bulk block would do, before it is made: each distinct address, whether it is blocked already (the cached list) or allowed (the appliance's allow list; null when it could not be read). */
export interface BlockSources {
  /** `cautions`: what main says of blocking each (refused ones are never sent; warned ones only when ticked). */
  addresses: { ip: string; blocked: boolean; allowed: boolean | null; cautions: BlockCaution[] }[];
  /** More distinct sources matched than a bulk block takes at once (`MAX_BULK_ADDRESSES`). */
  more: boolean;
}

/** The most addresses one bulk block takes. */
export const MAX_BULK_ADDRESSES = 5000;

/** A write the appliance has not answered yet: it waits in the outbox and goes once the appliance answers. */
export interface QueuedWrite {
  queued: OutboxEntry;
}

export interface BlockEntry {
  /** The appliance's id; `pending:<write id>` for a block not on the appliance yet. */
  id: string;
  ip: string;
  reason: string | null;
  /** 0 = permanent. */
  durationSeconds: number | null;
  /** manual, api, auto or approval as the appliance says. */
  source: string | null;
  createdAt: string | null;
  /** null: permanent (or the appliance did not say). */
  expiresAt: string | null;
  /** Made here and not taken by the appliance yet. */
  pending?: PendingBlockChange;
}

export interface AllowEntry {
  id: string;
  ip: string;
  description: string | null;
  createdAt: string | null;
}

export interface DomainRule {
  id: string;
  domain: string;
  action: string | null;
  description: string | null;
  createdAt: string | null;
}

/** A list read from the cache (block list) or the appliance (allow list, domain rules). */
export interface FirewallList<T> {
  items: T[];
  /** When the list was last read from the appliance (ISO). */
  syncedAt: string | null;
}

const alertIdSchema = z.string().min(1).max(200);
export const blockOriginSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('alert'), alertId: alertIdSchema }),
  z.object({ kind: z.literal('proposal'), alertId: alertIdSchema.optional() }),
  z.object({ kind: z.literal('bulk'), count: z.int().min(1).max(MAX_BULK_ADDRESSES), from: z.string().max(200).optional() }),
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('kept') }),
]) satisfies z.ZodType<BlockOrigin>;

export const blockRequestSchema = z.object({
  profileId,
  ip: z.string().trim().min(1, 'ip_address').max(64).refine((value) => isIpAddress(value), 'ip_address'),
  durationSeconds: z.int().min(0).max(31_536_000),
  reason: z.string().max(500).default(''),
  /** Where the block was made: main writes it, and who made it, before the analyst's reason (src-shared/block-reason.ts). */
  origin: blockOriginSchema.default({ kind: 'manual' }),
  /** Approved from a model's proposal in this conversation: the activity log says so and links it. */
  proposedBy: z.object({ conversationId: z.string().min(1).max(200) }).optional(),
});

/**
 * The analyst's own protected ranges (office, VPN, DNS servers): a block of an address inside one
 * asks again and says which. The same for every firewall connection.
 */
export const protectedRangesSchema = z.object({
  enabled: z.boolean(),
  ranges: z
    .array(z.object({
      range: z.string().trim().min(1).max(64).refine((value) => parseAddress(value) !== null, 'ip_range'),
      label: z.string().trim().max(100),
    }))
    .max(200),
});
export type ProtectedRanges = z.infer<typeof protectedRangesSchema>;

/**
 * What an address is that a block of it deserves a word (main decides, in
 * `core/firewall/blocklist/block-cautions.ts`): loopback, unspecified, multicast, broadcast, the
 * appliance's own address, this computer's; link-local, one of the analyst's own connections; a
 * documentation range.
 */
export type BlockCautionKind = 'loopback' | 'unspecified' | 'multicast' | 'broadcast' | 'appliance' | 'workstation' | 'linkLocal' | 'ownConnection' | 'documentation';

/**
 * `refuse`: OpsDesk never blocks it (main refuses the block); `warn`: blocked only after the
 * analyst is asked again, as for a protected range; `note`: said, and blocked as any address is.
 */
export type BlockCautionLevel = 'refuse' | 'warn' | 'note';

export interface BlockCaution {
  kind: BlockCautionKind;
  level: BlockCautionLevel;
  /** The range the address is in (`127.0.0.0/8`), for the kinds that are ranges. */
  range?: string;
  /** `appliance`, `ownConnection`: the host of that connection's address, as its profile names it. */
  host?: string;
  /** `ownConnection`: which of the analyst's connections the address serves. */
  connection?: { service: BackEnd; name: string };
}

/** An appliance capability as OpsDesk learned it; `unknown` until the appliance has said. */
export interface Permission {
  state: 'allowed' | 'denied' | 'unknown';
  /** Why it is denied, in words for the user (the edition, the key's role). */
  reason?: string;
}

/**
 * What this profile's appliance and key allow, learned from what the appliance says: the edition
 * in /system/status, the operations in its OpenAPI description, and the 403 codes it answers.
 */
export interface FirewallCapabilities {
  profileId: string;
  edition: string | null;
  /** The key's role when a 403's code told it; null when not learned yet. */
  role: 'read-only' | 'operations' | 'administrator' | null;
  /** Block, unblock, allow list and domain rules. */
  operate: Permission;
  /** Policies, address objects, honeypots. */
  administer: Permission;
  honeypots: Permission;
  devices: Permission;
  /** The appliance publishes an OpenAPI description. */
  described: boolean;
  /** Query parameters its description gives `GET /alerts` (the filters the appliance supports). */
  alertFilters: string[];
  learnedAt: string;
}

export interface ExportResult {
  /** null: the user cancelled the save dialog, or stopped the export (its unfinished file is removed). */
  path: string | null;
  rows: number;
}

export interface ExportProgress {
  taskId: string;
  written: number;
  total: number;
}

/**
 * Why a switched-on receiver does not listen, as a reason the window words: no TLS certificate and
 * key yet, or the address refused (`systemCode` is the OS's, e.g. EADDRINUSE, EACCES).
 */
export type ReceiverNotListening = { reason: 'certificate_missing' } | { reason: 'address_refused'; systemCode: string };

export interface WebhookSettings {
  enabled: boolean;
  /** Address to listen on, e.g. 0.0.0.0 or one interface's address. */
  host: string;
  port: number;
  /** Only requests from this address are accepted (the appliance's). */
  applianceAddress: string;
  /** Whether a signing key is stored (the key itself never leaves main). */
  hasSigningKey: boolean;
  /** Whether a TLS certificate and key are stored for the receiver. */
  hasCertificate: boolean;
  /** While enabled: whether it listens, or why not. */
  listening: boolean;
  notListening?: ReceiverNotListening;
  /** What arrived since OpsDesk started: counts, and the last deliveries with their outcome and why one was refused. */
  deliveries: WebhookDeliveries;
}

/** A delivery reached a profile's receiver (accepted, a repeat, or refused). */
export interface WebhookDeliveriesChanged {
  profileId: string;
  deliveries: WebhookDeliveries;
}

const pem = z.string().trim().max(200_000);
export const webhookSettingsSchema = z.object({
  profileId,
  enabled: z.boolean(),
  host: z.string().trim().min(1).max(255),
  port: z.int().min(1).max(65_535),
  applianceAddress: z.string().trim().min(1, 'ip_address').max(64).refine((value) => isIpAddress(value), 'ip_address'),
  /** Omitted: keep the stored one; empty string: remove it. */
  signingKey: z.string().max(4096).optional(),
  certificatePem: pem.regex(/-----BEGIN CERTIFICATE-----/, 'pem_format').optional(),
  privateKeyPem: pem.regex(/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'pem_private_key').optional(),
});

function isIpAddress(value: string): boolean {
  return /^(\d{1,3})(\.\d{1,3}){3}$/.test(value) ? value.split('.').every((part) => Number(part) <= 255) : /^[0-9a-f:]+(%\w+)?$/i.test(value) && value.includes(':');
}

const withProfile = z.object({ profileId });

export const firewall = {
  calls: {
    /** A page of cached alerts (filter, sort, offset/limit for a virtualised table); never touches the network. */
    alerts: call<CachedPage<AlertRow>>()(alertQuerySchema),
    alertFacets: call<AlertFacets>()(withProfile),
    /** The appliance's detail when it answers; the cached copy (with the reason) when it does not. */
    alert: call<AlertDetail>()(withProfile.extend({ alertId: z.string().min(1).max(200) })),
    /** Streams the filtered, sorted set into a CSV file the user picks in a save dialog; progress on `exportProgress`; `app.cancel` stops it. */
    exportAlerts: call<ExportResult>()(withProfile.extend({
      taskId: taskIdSchema,
      filter: alertFilterSchema.default({}),
      sort: alertSortSchema.default({ field: 'occurredAt', direction: 'desc' }),
    })),

    syncStatus: call<SyncStatus<FirewallSyncResource>[]>()(withProfile),
    syncNow: call<null>()(withProfile),
    /** Fetches the alerts of the last `days` the cache does not reach yet, through the background sync (its progress on `syncChanged`); kept across a restart until done or stopped. */
    fetchOlderAlerts: call<null>()(withProfile.extend({ days: z.int().min(1).max(3_650) })),
    stopFetchingOlderAlerts: call<null>()(withProfile),
    syncSettings: call<SyncSettings>()(withProfile),
    saveSyncSettings: call<SyncSettings>()(withProfile.extend({ settings: syncSettingsSchema })),

    /** The cached block list (synced in the background). */
    blocklist: call<FirewallList<BlockEntry>>()(withProfile),
    block: call<BlockEntry>()(blockRequestSchema),
    /**
     * Takes back a firewall write made here (an Undo): null once it is undone (never sent, or taken
     * back on the appliance); the write that takes it back while that waits in the outbox.
     */
    undoWrite: call<QueuedWrite | null>()(z.object({ writeId: z.string().min(1).max(200) })),
    /** null once the appliance has lifted it; the write while it waits in the outbox (the appliance away). */
    unblock: call<QueuedWrite | null>()(withProfile.extend({ entryId: z.string().min(1).max(200) })),
    /** The distinct sources of the alerts a selection names (its ids) or of every alert matching a filter, for a bulk block: what it would do to each. */
    blockSources: call<BlockSources>()(withProfile.extend({
      alertIds: z.array(z.string().min(1).max(200)).max(MAX_BULK_ADDRESSES).optional(),
      filter: alertFilterSchema.optional(),
    })),

    /** What blocking `ip` on this profile's appliance would be: refused, asked again or said, and why (none: an address like any other). */
    blockCautions: call<BlockCaution[]>()(withProfile.extend({ ip: z.string().trim().min(1).max(64) })),
    protectedRanges: call<ProtectedRanges>()(z.undefined()),
    saveProtectedRanges: call<ProtectedRanges>()(protectedRangesSchema),

    allowlist: call<FirewallList<AllowEntry>>()(withProfile),
    addAllow: call<AllowEntry | QueuedWrite>()(withProfile.extend({ ip: z.string().trim().min(1).max(64), description: z.string().max(500).default('') })),
    removeAllow: call<QueuedWrite | null>()(withProfile.extend({ entryId: z.string().min(1).max(200) })),

    domainRules: call<FirewallList<DomainRule>>()(withProfile),
    addDomainRule: call<DomainRule | QueuedWrite>()(withProfile.extend({
      domain: z.string().trim().min(1).max(253),
      action: z.enum(['block', 'allow']),
      description: z.string().max(500).default(''),
    })),
    removeDomainRule: call<QueuedWrite | null>()(withProfile.extend({ ruleId: z.string().min(1).max(200) })),

    /** What the appliance and key allow; `refresh` asks the appliance again. */
    capabilities: call<FirewallCapabilities>()(withProfile.extend({ refresh: z.boolean().default(false) })),

    webhook: call<WebhookSettings>()(withProfile),
    saveWebhook: call<WebhookSettings>()(webhookSettingsSchema),
  },
  events: {
    syncChanged: event<SyncStatus<FirewallSyncResource>>(),
    /** The cache of a profile changed (new alerts, block list); views re-query. */
    cacheChanged: event<CacheChanged<FirewallSyncResource>>(),
    capabilitiesChanged: event<FirewallCapabilities>(),
    exportProgress: event<ExportProgress>(),
    webhookDeliveriesChanged: event<WebhookDeliveriesChanged>(),
  },
};
