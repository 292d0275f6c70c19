import { z } from 'zod';
import { call, event } from './define.ts';
import type { CertificateDetails, IpcError } from './define.ts';

export const backEnds = ['gateway', 'support', 'firewall'] as const;
export type BackEnd = (typeof backEnds)[number];

/** `svc_<live|test>_<12 hex>.<secret>`, as support.md gives it; groups: environment, key id, secret. */
export const supportKeyPattern = /^svc_(live|test)_([0-9a-f]{12})\.(\S{8,})$/;
/** The same shape anywhere in a text (a log line, a server's message), up to a quote or backslash. */
export const supportKeyInText = /\bsvc_(live|test)_([0-9a-f]{12})\.[^\s"'\\]+/g;
const fingerprintPattern = /^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{64}$/;

// Messages in these schemas are field-error codes: main and the window word them from fieldErrors.<code>.
const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value), 'address_not_url')
  .refine((value) => !URL.canParse(value) || new URL(value).protocol === 'https:', 'address_not_https')
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), 'address_has_credentials');

const pem = z
  .string()
  .trim()
  .max(200_000)
  .regex(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/, 'pem_format');

/** On an edit, a CA mode without `caPem` keeps the CA the profile already has. */
export const trustInputSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('system') }),
  z.object({ mode: z.literal('system-plus-ca'), caPem: pem.optional() }),
  z.object({ mode: z.literal('ca-only'), caPem: pem.optional() }),
  z.object({
    mode: z.literal('pinned'),
    pinnedSha256: z.string().trim().regex(fingerprintPattern, 'fingerprint_format'),
  }),
]);
export type TrustInput = z.infer<typeof trustInputSchema>;

export const timeoutsSchema = z.object({
  connectMs: z.int().min(500).max(120_000),
  headersMs: z.int().min(1_000).max(600_000),
  bodyMs: z.int().min(1_000).max(600_000),
  streamIdleMs: z.int().min(1_000).max(600_000),
  /** A gateway's longest answer, from asking to its last word; unset: five minutes for chat, two for the model at work. */
  answerMs: z.int().min(10_000).max(3_600_000).optional(),
});
export type Timeouts = z.infer<typeof timeoutsSchema>;

export const proxySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('system') }),
  z.object({
    mode: z.literal('explicit'),
    url: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'proxy_not_url')
      // Settings are stored in plain SQLite and shown in the form: a password has no place here.
      .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), 'proxy_has_password'),
  }),
]);
export type ProxyInput = z.infer<typeof proxySchema>;

const name = z.string().trim().min(1, 'name_required').max(80);
const apiKey = z.string().trim().min(8, 'key_too_short').max(4096).optional();
const common = {
  id: z.string().min(1).max(64).optional(),
  name,
  baseUrl: httpsUrl,
  trust: trustInputSchema,
  timeouts: timeoutsSchema.optional(),
  proxy: proxySchema.optional(),
};

export const gatewaySettingsSchema = z.object({ rateTier: z.union([z.literal(60), z.literal(600), z.literal(6000)]) });
/** Where a request can carry the support site (support.md leaves it open). */
export const sitePlacements = ['header', 'query', 'path'] as const;
export type SitePlacement = (typeof sitePlacements)[number];

export const supportSettingsSchema = z.object({
  /** Empty until the connection test learns it from the server's list of sites: the key's own site meanwhile. */
  site: z.string().trim().max(120),
  ratePerMinute: z.int().min(1).max(10_000).default(60),
  /** Absent or `auto`: as the server's /openapi.json says, else the X-SVC-Site header. */
  siteIn: z.enum(['auto', ...sitePlacements]).optional(),
  /** The header or query parameter name, or the path prefix with `{site}` (e.g. `/sites/{site}`); absent: the usual one. */
  siteParameter: z
    .string()
    .trim()
    .max(120)
    .regex(/^[A-Za-z0-9_.{}/-]*$/, 'Letters, digits, _ . - / and {site} only')
    .optional(),
}).refine((settings) => settings.siteIn !== 'path' || !settings.siteParameter || /\{[^}]*\}/.test(settings.siteParameter), {
  message: 'Put {site} where the site goes, e.g. /sites/{site}',
  path: ['siteParameter'],
});
export const firewallSettingsSchema = z.object({
  rateLimit: z.object({ requests: z.int().min(1).max(10_000), windowSeconds: z.int().min(1).max(86_400) }),
});

export const profileInputSchema = z.discriminatedUnion('service', [
  z.object({ ...common, service: z.literal('gateway'), apiKey, settings: gatewaySettingsSchema }),
  z.object({
    ...common,
    service: z.literal('support'),
    apiKey: apiKey.refine((key) => key === undefined || supportKeyPattern.test(key), 'support_key_format'),
    settings: supportSettingsSchema,
  }),
  z.object({ ...common, service: z.literal('firewall'), apiKey, settings: firewallSettingsSchema }),
]);
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ParsedProfileInput = z.output<typeof profileInputSchema>;

export type BackEndSettings = {
  gateway: z.output<typeof gatewaySettingsSchema>;
  support: z.output<typeof supportSettingsSchema>;
  firewall: z.output<typeof firewallSettingsSchema>;
};

/** What the renderer may know about a profile: never the key, only whether one is stored. */
export interface ProfileView {
  id: string;
  service: BackEnd;
  name: string;
  baseUrl: string;
  trust: { mode: TrustInput['mode']; pinnedSha256?: string; caSubject?: string };
  timeouts: Timeouts;
  proxy: ProxyInput;
  settings: BackEndSettings[BackEnd];
  hasKey: boolean;
  /** e.g. `svc_live_3fa9…`; never the secret part. */
  keyHint: string | null;
  /** A live (production) support key: the UI shows a LIVE badge wherever the profile is used. */
  live: boolean;
  updatedAt: string;
}

export interface KeychainStatus {
  kind: 'os-keychain' | 'session-only' | 'waiting';
  /** Why keys are session-only, in the keychain's own words; the window words the notice around it. */
  reason?: string;
}

export interface ProfileList {
  profiles: ProfileView[];
  keychain: KeychainStatus;
}

export type ConnectionSummary =
  | {
      service: 'gateway';
      modelCount: number;
      models: string[];
      /** Entries of the server's model list left out because their id is not a usable name. */
      unusableModelCount?: number;
    }
  | {
      service: 'support';
      /** The site the call ran for. */
      site: string;
      /** Ids of the sites the server lists. */
      sites: string[];
      /** Site id → whether its open API channel is on (off: every call but meta fails). */
      channels: Record<string, boolean>;
      /** The switch of every channel of the site the call ran for (`api`, `web_widget`, …), when the server keys them by channel. */
      siteChannels?: Record<string, boolean>;
      scopes: string[];
      /** `live` or `test`, as the server reports the key. */
      keyEnv?: string;
      keyType?: string;
      /** How OpsDesk sends the site, and who said so. */
      siteSentAs?: { in: SitePlacement; name: string; learnedFrom: 'server' | 'profile' | 'default' };
      /** What the server's own OpenAPI description says; absent when it publishes none. */
      described?: ServerDescriptionSummary;
    }
  | {
      service: 'firewall';
      version: string;
      uptimeSeconds: number | null;
      edition: string | null;
      cpuPercent?: number;
      memoryPercent?: number;
      activeSessions?: number;
      described?: ServerDescriptionSummary;
    };

/** What a server's OpenAPI description told OpsDesk. */
export interface ServerDescriptionSummary {
  /** Operations the description lists. */
  operations: number;
  /** Documented endpoints (`GET /honeypots`) this server does not offer, by its description or edition. */
  missing: string[];
}

export interface ConnectionReport {
  profileId: string;
  testedAt: string;
  summary: ConnectionSummary;
}

/**
 * A profile's connection state, the one every view shows (banner, sync lines, details, palette),
 * made in main from how every call of the profile ended; a view shows its cache whatever it says.
 * `degraded`: reads answer, but the back end answered a write with a 5xx and has taken none since.
 */
export interface ConnectionHealth {
  profileId: string;
  state: 'unknown' | 'reachable' | 'degraded' | 'unreachable';
  /** When the back end last answered a call successfully (ISO), kept across restarts. */
  lastReachedAt: string | null;
  /** When a call last ended, well or not (ISO). */
  lastCheckedAt: string | null;
  /** While unreachable: when the first call that did not reach it ended (ISO). */
  unreachableSince?: string;
  /** Why the last call failed, while unreachable. */
  error?: IpcError;
  /** While degraded: the write the back end refused, and when. */
  refusedChange?: { error: IpcError; at: string };
  /** How far the back end's clock is ahead of this computer's (negative: behind), when by more than a minute: the times it sends are off by as much. */
  clockAheadMs?: number;
}

/** The certificate a pinned connection trusted, beside the one its server presents now. */
export interface CertificateChange {
  profileId: string;
  /** The certificate trusted before: always its fingerprint; its details when OpsDesk kept them. */
  trusted: { sha256: string; details?: CertificateDetails };
  presented: CertificateDetails;
  /** Whether the operating system's certificates accept the presented one for this address. */
  systemAccepts: boolean;
  /** Per way out, whether the stored key must be entered again to be sent afterwards. */
  keyNeeded: Record<CertificateChoice['trust'], boolean>;
}

const id = z.object({ id: z.string().min(1).max(64) });

/** The kinds of a back end's cache a connection holds rows of, as removing it counts them. */
export const cacheKinds = ['alerts', 'blocklist', 'logSearches', 'tickets', 'contacts', 'work', 'seen'] as const;
export type CacheKind = (typeof cacheKinds)[number];

/** What the cache holds of one connection: its rows of each kind (kinds it has none of are left out). */
export interface ConnectionCache {
  profileId: string;
  counts: { kind: CacheKind; rows: number }[];
}

/** Trust the very certificate shown (by its fingerprint, checked again), or the system's certificates. */
export const certificateChoiceSchema = z.discriminatedUnion('trust', [
  z.object({ trust: z.literal('new'), sha256: z.string().trim().regex(fingerprintPattern) }),
  z.object({ trust: z.literal('system') }),
]);
export type CertificateChoice = z.infer<typeof certificateChoiceSchema>;

export const profiles = {
  calls: {
    list: call<ProfileList>()(z.undefined()),
    save: call<ProfileView>()(profileInputSchema),
    /** The key goes, and the row; `forgetCache`: its cache's rows too, in the background, and the file's space given back. */
    remove: call<null>()(id.extend({ forgetCache: z.boolean().default(false) })),
    /** How many rows of each kind the cache holds of the connection: what removing it with its data deletes. */
    cachedData: call<ConnectionCache>()(id),
    /** One cheap authenticated call; fails with the exact reason (an untrusted certificate carries its details). */
    testConnection: call<ConnectionReport>()(id),
    /** Trusts, for this profile only, the certificate the user was shown (checked again by fingerprint). */
    trustCertificate: call<ProfileView>()(
      id.extend({ sha256: z.string().trim().regex(fingerprintPattern) }),
    ),
    health: call<ConnectionHealth[]>()(z.undefined()),
    /**
     * A view of the profile is open: while nothing else calls its back end, main reads the back
     * end's health every few seconds (within the key's rate). The view renews it while it shows the
     * profile; one closed or hidden lets it lapse (`src-shared/connection-watch-lease.ts`).
     */
    watchConnection: call<null>()(id),
    /** A pinned server presents another certificate: both, side by side, and what each way out needs. */
    certificateChange: call<CertificateChange>()(id),
    /** The user's way out of a changed certificate; `apiKey` only where `keyNeeded` said so. */
    acceptCertificateChange: call<ProfileView>()(id.extend({ choice: certificateChoiceSchema, apiKey })),
  },
  events: {
    changed: event<ProfileList>(),
    healthChanged: event<ConnectionHealth>(),
  },
};

export type { CertificateDetails };
