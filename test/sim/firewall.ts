// Firewall management REST API simulator (firewall.md) under /api/v1: list pages, roles,
// editions, key IP allowlists, expiry, per-key sliding-window rate limits and event pushes.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../../src-main/core/lifecycle/clock.ts';
import { ApiError, SimServer, jsonResponse } from './sim-server.ts';
import type { SimRequest, SimResponse } from './sim-server.ts';
import { Router } from './router.ts';
import type { RouteParams } from './router.ts';
import { SlidingWindowLimiter } from './sliding-window.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import { createIpAllowlist } from './ip-allowlist.ts';
import type { IpAllowlist } from './ip-allowlist.ts';
import { WebhookSender } from './webhook-sender.ts';
import type { WebhookDelivery } from './webhook-sender.ts';
import { intQuery, parseOrReject, readJsonBody } from './validation.ts';
import {
  ALERT_CATEGORIES, HONEYPOT_TYPES, REPORT_TYPES, SEVERITIES, applianceTime, createFirewallStore, newAlert, newDevice,
  randomPublicIp,
} from './firewall-data.ts';
import type { AddressObject, Alert, BlockEntry, FirewallStore, Honeypot, HoneypotEvent, Report, ReportType } from './firewall-data.ts';

export const FIREWALL_API_PREFIX = '/api/v1';
export const FIREWALL_PAGE_SIZE = { default: 50, max: 500 } as const;
export const FIREWALL_EVENTS = ['alert.created', 'block.created', 'block.released', 'device.discovered', 'honeypot.triggered'] as const;
export type FirewallEvent = (typeof FIREWALL_EVENTS)[number];
export type FirewallRole = 'read-only' | 'operations' | 'administrator';
export type FirewallEdition = 'enterprise' | 'data-center' | 'free-waf';
export const FIREWALL_DEFAULT_RATE = { requests: 600, windowSeconds: 60 } as const;
const REPORT_GENERATION_MS = 1000;
const ACTIVITY_INTERVAL_MS = 3000;
const MAX_BLOCK_SECONDS = 365 * 86_400;
const BAD = 'bad_request';

export interface FirewallKeyOptions {
  role: FirewallRole;
  ipAllowlist?: string[];
  expiresAt?: Date;
  rate?: { requests: number; windowSeconds: number }; // default 600 per 60 s
}

export interface FirewallKeys {
  demo: string; // administrator
  readOnly: string;
  operations: string;
  expired: string; // administrator, expired yesterday
  ipRestricted: string; // administrator, only from 198.51.100.0/24
}

export interface EventPush {
  event: string;
  id: string;
  occurred_at: string;
  data: unknown;
}

export interface FirewallWebhook {
  url: string;
  secret?: string;
  events?: FirewallEvent[]; // default: all
}

export type AlertView = Omit<Alert, 'occurredMs'>;

/**
 * The largest `page_size` the appliance honours, and what it does above it: `refuse` with a 400 that
 * names the bound, or `truncate`: send that many items silently. The default is the dialect's
 * (opsdesk: refuse above 500, described in its OpenAPI; plain: truncate at 100, undescribed).
 */
export interface PageCap {
  max: number;
  over: 'refuse' | 'truncate';
}

/** How the plain dialect writes the edition: an appliance's own words, not an id. */
const PLAIN_EDITION_NAMES: Record<FirewallEdition, string> = { enterprise: 'Enterprise Edition', 'data-center': 'Data Center Edition', 'free-waf': 'WAF Free Edition' };

interface FirewallKey {
  id: string;
  role: FirewallRole;
  allowsIp: IpAllowlist;
  expiresAt: Date | null;
  rate: { requests: number; windowSeconds: number };
}

// read: queries (including POST /logs/search and POST /reports); operate: block, unblock,
// allow list and domain rules; admin: policies, address objects, honeypots.
type Access = 'read' | 'operate' | 'admin';
type Feature = 'honeypots' | 'devices';

interface Route {
  access: Access;
  feature?: Feature;
  purpose: string;
  run(req: SimRequest, params: RouteParams): SimResponse;
}

/**
 * A write the appliance carried out: the route (`POST /blocklist`), and what it was about: a create's
 * address, domain or name (a report's type and name), else the object's id; `body` as sent.
 */
export interface CommittedWrite {
  method: string;
  path: string;
  key: string;
  body: Record<string, unknown>;
}

function committedWrite(method: string, path: string, req: SimRequest, params: RouteParams): CommittedWrite {
  let body: Record<string, unknown> = {};
  try {
    body = req.body.length === 0 ? {} : (JSON.parse(req.body.toString('utf8')) as Record<string, unknown>);
  } catch {
    // A write with a body that is not JSON was refused before it got here.
  }
  const named = body['ip'] ?? body['domain'] ?? (path === '/reports' ? `${String(body['type'])}:${String(body['name'])}` : body['name']);
  return { method, path, key: String(params.id ?? named ?? ''), body };
}

const ROLE_ACCESS: Record<FirewallRole, readonly Access[]> = {
  'read-only': ['read'],
  operations: ['read', 'operate'],
  administrator: ['read', 'operate', 'admin'],
};

const ipAddress = z.string().refine((v) => isIP(v) !== 0, 'must be an IPv4 or IPv6 address');
const ipOrCidr = z.string().refine((v) => {
  const [address = '', prefix] = v.split('/');
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}, 'must be an IP address or CIDR block');
const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const isoTime = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 timestamp');
const name = z.string().trim().min(1).max(100);
const description = z.string().max(500);

const policyFields = {
  name, action: z.enum(['allow', 'deny', 'reject']), enabled: z.boolean(),
  source: z.array(z.string().min(1)).min(1), destination: z.array(z.string().min(1)).min(1), service: z.array(z.string().min(1)).min(1),
  priority: z.number().int().min(1).max(100_000), description,
};
const newPolicySchema = z.object({ ...z.object(policyFields).partial().shape, name, action: policyFields.action });
const policyUpdateSchema = z.object(z.object(policyFields).partial().shape);
const addressFields = {
  name, type: z.enum(['host', 'subnet', 'range', 'fqdn', 'group']), value: z.string().nullable(),
  members: z.array(z.string()), description,
};
const newAddressSchema = z.object({ ...z.object(addressFields).partial().shape, name, type: addressFields.type });
const addressUpdateSchema = z.object(z.object(addressFields).partial().shape);
const blockSchema = z.object({
  ip: ipAddress, duration: z.number().int().min(0).max(MAX_BLOCK_SECONDS).optional(), reason: z.string().max(500).optional(),
});
const allowSchema = z.object({ ip: ipOrCidr, description: description.optional() });
const domainRuleSchema = z.object({
  domain: z.string().regex(/^(\*\.)?/).refine((d) => hostname.test(d.replace(/^\*\./, '')), 'must be a domain name, optionally starting with *.'),
  action: z.enum(['block', 'allow']), description: description.optional(),
});
const honeypotFields = { name, type: z.enum(HONEYPOT_TYPES), ip: ipAddress, port: z.number().int().min(1).max(65_535), enabled: z.boolean() };
const newHoneypotSchema = z.object({ ...honeypotFields, enabled: z.boolean().optional() });
const honeypotUpdateSchema = z.object(z.object(honeypotFields).partial().shape);
const reportSchema = z.object({ type: z.enum(REPORT_TYPES), name: name.optional(), from: isoTime.optional(), to: isoTime.optional() });
const logSearchSchema = z.object({
  query: z.string().max(500).optional(), src_ip: ipAddress.optional(), dst_ip: ipAddress.optional(),
  action: z.enum(['allow', 'deny']).optional(), type: z.enum(['traffic', 'threat', 'system']).optional(),
  since: isoTime.optional(), until: isoTime.optional(),
  page: z.number().int().min(1).optional(), page_size: z.number().int().min(1).optional(),
});

function validAddressValue(a: Pick<AddressObject, 'type' | 'value' | 'members'>, exists: (id: string) => boolean): string | null {
  switch (a.type) {
    case 'host': return a.value !== null && isIP(a.value) !== 0 ? null : 'value must be an IP address for type host';
    case 'subnet': return a.value !== null && a.value.includes('/') && ipOrCidr.safeParse(a.value).success ? null : 'value must be a CIDR block for type subnet';
    case 'range': {
      const [from = '', to = ''] = (a.value ?? '').split('-');
      return isIP(from) !== 0 && isIP(to) === isIP(from) ? null : 'value must be "<ip>-<ip>" for type range';
    }
    case 'fqdn': return a.value !== null && hostname.test(a.value) ? null : 'value must be a domain name for type fqdn';
    case 'group': return a.members.length > 0 && a.members.every(exists) ? null : 'members must list existing address object ids for type group';
  }
}

function created(value: unknown): SimResponse {
  return jsonResponse(201, value);
}

function ok(value: unknown): SimResponse {
  return jsonResponse(200, value);
}

const NO_CONTENT: SimResponse = { status: 204 };

export class FirewallSim extends SimServer {
  readonly keys: FirewallKeys;
  /** Every write the appliance carried out, in order (a renewed block too): what a test counts to see none was made twice, none lost. */
  readonly committedWrites: CommittedWrite[] = [];
  readonly #random: Random;
  readonly #store: FirewallStore;
  readonly #keys = new Map<string, FirewallKey>();
  readonly #limiter = new SlidingWindowLimiter();
  readonly #router = new Router<Route>();
  readonly #webhooks: WebhookSender;
  readonly #startedAt = this.clock.now();
  readonly #cancelTimers = new Set<() => void>();
  #edition: FirewallEdition = 'enterprise';
  #webhook: FirewallWebhook | null = null;
  #pageCap: PageCap | null = null;
  #statusShape: ((status: Record<string, unknown>) => object) | null = null;
  #severityScaleDescribed = false;

  constructor(options: { seed: number; alertCount: number; caPem: string; clock?: Clock }) {
    super({ apiPrefix: FIREWALL_API_PREFIX, urlPath: FIREWALL_API_PREFIX, clock: options.clock });
    this.#random = createRandom(options.seed, 'firewall-keys');
    this.#store = createFirewallStore(createRandom(options.seed, 'firewall-data'), this.clock.now(), options.alertCount);
    this.#webhooks = new WebhookSender({ signatureHeader: 'x-fw-signature', eventHeader: 'x-fw-event', caPem: options.caPem, clock: this.clock });
    this.keys = {
      demo: this.addKey({ role: 'administrator' }),
      readOnly: this.addKey({ role: 'read-only' }),
      operations: this.addKey({ role: 'operations' }),
      expired: this.addKey({ role: 'administrator', expiresAt: new Date(this.clock.now() - 86_400_000) }),
      ipRestricted: this.addKey({ role: 'administrator', ipAllowlist: ['198.51.100.0/24'] }),
    };
    for (const type of REPORT_TYPES) this.#generateReport(type, `Weekly ${type.replace('_', ' ')}`, this.clock.now() - 7 * 86_400_000, this.clock.now(), true);
    this.#defineRoutes();
    for (const block of this.#store.blocklist) if (block.expiresMs !== null) this.#releaseAt(block.expiresMs);
  }

  get edition(): FirewallEdition {
    return this.#edition;
  }

  get webhookDeliveries(): readonly WebhookDelivery[] {
    return this.#webhooks.deliveries;
  }

  webhooksIdle(): Promise<void> {
    return this.#webhooks.idle();
  }

  addKey(options: FirewallKeyOptions): string {
    const secret = `fwk_${this.#random.hex(40)}`;
    this.#keys.set(secret, {
      id: secret.slice(0, 12), role: options.role, allowsIp: createIpAllowlist(options.ipAllowlist),
      expiresAt: options.expiresAt ?? null, rate: options.rate ?? { ...FIREWALL_DEFAULT_RATE },
    });
    return secret;
  }

  setEdition(edition: FirewallEdition): void {
    this.#edition = edition;
  }

  /** Overrides the dialect's page-size bound; null restores it. */
  setPageCap(cap: PageCap | null): void {
    this.#pageCap = cap;
  }

  get pageCap(): PageCap {
    return this.#pageCap ?? (this.dialect === 'plain' ? { max: 100, over: 'truncate' } : { max: FIREWALL_PAGE_SIZE.max, over: 'refuse' });
  }

  /** Whether the plain dialect's OpenAPI description says what its numeric severities mean (an enum with `x-enum-varnames`). */
  describeSeverityScale(on: boolean): void {
    this.#severityScaleDescribed = on;
  }

  /** Rewrites `/system/status` as another appliance shapes it (figures as objects or strings, no edition); null restores it. */
  setStatusShape(shape: ((status: Record<string, unknown>) => object) | null): void {
    this.#statusShape = shape;
  }

  setWebhook(webhook: FirewallWebhook | null): void {
    this.#webhook = webhook;
  }

  // Builds an event push and delivers it to the configured webhook, if it subscribes to it.
  emit(event: string, data: unknown): EventPush {
    const push: EventPush = { event, id: `evt_${randomBytes(12).toString('hex')}`, occurred_at: applianceTime(this.clock.now()), data };
    const hook = this.#webhook;
    if (hook && (!hook.events || hook.events.includes(event as FirewallEvent))) {
      this.#webhooks.send(hook, event, push.id, JSON.stringify(push));
    }
    return push;
  }

  /** The addresses on the appliance's block list now: what a block made through OpsDesk left there. */
  blockedAddresses(): string[] {
    return this.#store.blocklist.map((block) => block.ip);
  }

  /** The addresses and ranges on the appliance's allow list now. */
  allowedAddresses(): string[] {
    return this.#store.allowlist.map((entry) => entry.ip);
  }

  // Appends n new alerts (newest) and emits alert.created for each; returns them as GET /alerts/{id} shows them.
  // `fields` sets what a test needs of each (a source, a message with hostile text).
  addAlerts(n: number, fields: Partial<Pick<Alert, 'src_ip' | 'message' | 'signature' | 'severity' | 'category' | 'action' | 'occurred_at' | 'device_id' | 'payload_excerpt' | 'rule_id'>> = {}): AlertView[] {
    const random = createRandom(this.#store.alerts.length, 'firewall-new-alerts');
    const deviceIds = this.#store.devices.map((d) => d.id);
    const added: AlertView[] = [];
    for (let i = 0; i < n; i++) {
      const alert = { ...newAlert(random, this.#store.nextId('alt'), this.clock.now(), deviceIds), ...fields };
      this.#store.alerts.push(alert);
      const shape = this.#alertDetail(alert);
      this.emit('alert.created', shape);
      added.push(shape);
    }
    return added;
  }

  // Inserts n alerts `behind` alerts down from the newest, with that alert's time, as an appliance
  // that lists by its own clock shows a late arrival: mid-list, where a walk from the head stops before it.
  insertAlertsMidList(behind: number, n: number): AlertView[] {
    const random = createRandom(this.#store.alerts.length, 'firewall-late-alerts');
    const deviceIds = this.#store.devices.map((d) => d.id);
    const position = this.#store.alerts.length - behind;
    const occurredMs = this.#store.alerts[position]!.occurredMs;
    const late = Array.from({ length: n }, () => newAlert(random, this.#store.nextId('alt'), occurredMs, deviceIds));
    this.#store.alerts.splice(position, 0, ...late);
    return late.map((alert) => this.#alertDetail(alert));
  }

  setActivity(on: boolean): void {
    const random = createRandom(this.clock.now(), 'firewall-activity');
    this.switchActivity(on, ACTIVITY_INTERVAL_MS, () => this.#simulateTraffic(random));
  }

  override async close(): Promise<void> {
    for (const cancel of this.#cancelTimers) cancel();
    await this.#webhooks.close();
    await super.close();
  }

  protected override errorResponse(error: ApiError): SimResponse {
    return jsonResponse(error.status, { error: { code: error.code, message: error.message } }, error.headers);
  }

  protected override handle(req: SimRequest): SimResponse {
    if (req.method === 'GET' && req.apiPath === '/openapi.json') return ok(this.#openApi());
    const key = this.#authenticate(req);
    if (!key.allowsIp(req.remoteAddress)) throw new ApiError(403, 'forbidden_ip', `Source address ${req.remoteAddress} may not use this key`);
    const rate = this.#limiter.take(key.id, key.rate.requests, key.rate.windowSeconds * 1000, this.clock.now());
    if (!rate.allowed) {
      throw new ApiError(429, 'rate_limited', `Call-rate limit of ${rate.limit} per ${key.rate.windowSeconds} s exceeded`, {
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      });
    }
    const match = this.#router.match(req.method, req.apiPath);
    if (!match) throw new ApiError(404, 'not_found', `No such resource: ${req.method} ${FIREWALL_API_PREFIX}${req.apiPath}`);
    const route = match.handler;
    if (this.#edition === 'free-waf' && (route.feature !== undefined || route.access !== 'read')) {
      throw new ApiError(403, 'edition_unsupported', route.feature !== undefined
        ? `The free WAF edition has no ${route.feature}`
        : 'The free WAF edition has a read-only API');
    }
    if (!ROLE_ACCESS[key.role].includes(route.access)) {
      throw new ApiError(403, 'forbidden_role', `The ${key.role} role may not do this`);
    }
    return route.run(req, match.params);
  }

  #authenticate(req: SimRequest): FirewallKey {
    const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new ApiError(401, 'unauthorized', 'Missing Authorization: Bearer <API_KEY>');
    const key = this.#keys.get(token);
    if (!key) throw new ApiError(401, 'unauthorized', 'Invalid API key');
    if (key.expiresAt && key.expiresAt.getTime() <= this.clock.now()) {
      throw new ApiError(401, this.dialect === 'plain' ? 'TOKEN_EXPIRED' : 'key_expired', 'This API key has expired');
    }
    return key;
  }

  // --- shapes and helpers --------------------------------------------------------------------

  #listPage<T extends object>(items: readonly T[], page: number, pageSize: number, project: (item: T) => object = (i) => ({ ...i })): SimResponse {
    const start = (page - 1) * pageSize;
    return ok({ items: items.slice(start, start + pageSize).map(project), page, page_size: pageSize, total: items.length });
  }

  #paging(req: SimRequest, body: { page?: number | undefined; page_size?: number | undefined } = {}): { page: number; pageSize: number } {
    const { max, over } = this.pageCap;
    const page = body.page ?? intQuery(req, 'page', 1, 1, Number.MAX_SAFE_INTEGER, BAD);
    const asked = body.page_size ?? intQuery(req, 'page_size', FIREWALL_PAGE_SIZE.default, 1, over === 'refuse' ? max : Number.MAX_SAFE_INTEGER, BAD);
    if (over === 'refuse' && asked > max) throw new ApiError(400, BAD, `Invalid value for 'page_size': must be an integer from 1 to ${max}`, { param: 'page_size' });
    return { page, pageSize: Math.min(asked, max) };
  }

  #find<T extends { id: string }>(items: readonly T[], id: string, what: string): T {
    const item = items.find((i) => i.id === id);
    if (!item) throw new ApiError(404, 'not_found', `No ${what} '${id}'`);
    return item;
  }

  #remove<T extends { id: string }>(items: T[], id: string, what: string): T {
    const item = this.#find(items, id, what);
    items.splice(items.indexOf(item), 1);
    return item;
  }

  #alert(a: Alert): Omit<AlertView, 'rule_id' | 'payload_excerpt'> {
    return {
      id: a.id, severity: a.severity, category: a.category, src_ip: a.src_ip, src_port: a.src_port, dst_ip: a.dst_ip,
      dst_port: a.dst_port, protocol: a.protocol, action: a.action, signature: a.signature, message: a.message,
      device_id: a.device_id, occurred_at: a.occurred_at,
    };
  }

  #alertDetail(a: Alert): AlertView {
    return { ...this.#alert(a), rule_id: a.rule_id, payload_excerpt: a.payload_excerpt };
  }

  /** The plain dialect's alerts: numeric ids, times in Unix seconds, severities as numbers (1 low … 4 critical). */
  #alertOnWire<T extends { id: string; occurred_at: string }>(alert: T, occurredMs: number): object {
    if (this.dialect !== 'plain') return alert;
    return {
      ...alert, id: Number(/^alt_(\d+)$/.exec(alert.id)![1]), occurred_at: Math.floor(occurredMs / 1000),
      ...('severity' in alert ? { severity: SEVERITIES.indexOf(alert.severity as Alert['severity']) + 1 } : {}),
    };
  }

  #block(b: BlockEntry): object {
    const { expiresMs: _expiresMs, ...shape } = b;
    return shape;
  }

  /** The plain dialect offers a finished report as a file at a link instead of its content. */
  #report(r: Report, detail: boolean): object {
    const { content, ...summary } = r;
    if (this.dialect === 'plain') return content === null ? summary : { ...summary, download_url: `${FIREWALL_API_PREFIX}/reports/${r.id}/download` };
    return detail ? { ...summary, content } : summary;
  }

  #enumList<T extends string>(req: SimRequest, param: string, allowed: readonly T[]): T[] | null {
    const raw = req.query.get(param);
    if (!raw) return null;
    const values = raw.split(',').map((v) => v.trim());
    const wrong = values.find((v) => !allowed.includes(v as T));
    if (wrong !== undefined) throw new ApiError(400, BAD, `Unknown ${param} '${wrong}'; one of ${allowed.join(', ')}`, { param });
    return values as T[];
  }

  #timeQuery(req: SimRequest, param: string): number | null {
    const raw = req.query.get(param);
    if (!raw) return null;
    const parsed = isoTime.safeParse(raw);
    if (!parsed.success) throw new ApiError(400, BAD, `${param} must be an ISO 8601 timestamp`, { param });
    return Date.parse(raw);
  }

  // --- routes --------------------------------------------------------------------------------

  #defineRoutes(): void {
    const add = (method: string, path: string, access: Access, purpose: string, run: Route['run'], feature?: Feature): void => {
      const changes = method !== 'GET' && path !== '/logs/search';
      const committing: Route['run'] = (req, params) => {
        const response = run(req, params);
        if (changes && response.status < 300) this.committedWrites.push(committedWrite(method, path, req, params));
        return response;
      };
      this.#router.add(method, path, feature === undefined ? { access, purpose, run: committing } : { access, feature, purpose, run: committing });
    };
    const s = this.#store;
    add('GET', '/system/status', 'read', 'version, uptime, CPU, memory, sessions', (req) => {
      const status = this.#status(this.#authenticate(req));
      return ok(this.#statusShape ? this.#statusShape(status) : status);
    });

    add('GET', '/policies', 'read', 'list security policies', (req) => {
      const { page, pageSize } = this.#paging(req);
      return this.#listPage([...s.policies].sort((a, b) => a.priority - b.priority), page, pageSize);
    });
    add('GET', '/policies/:id', 'read', 'one security policy', (_req, p) => ok({ ...this.#find(s.policies, p.id!, 'policy') }));
    add('POST', '/policies', 'admin', 'create a security policy', (req) => {
      const body = parseOrReject(newPolicySchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const now = applianceTime(this.clock.now());
      const policy = {
        id: s.nextId('pol'), name: body.name, enabled: body.enabled ?? true, action: body.action,
        source: body.source ?? ['any'], destination: body.destination ?? ['any'], service: body.service ?? ['any'],
        priority: body.priority ?? Math.max(0, ...s.policies.map((x) => x.priority)) + 10, description: body.description ?? '',
        hit_count: 0, created_at: now, updated_at: now,
      };
      s.policies.push(policy);
      return created(policy);
    });
    add('PUT', '/policies/:id', 'admin', 'change a security policy (fields given are replaced)', (req, p) => {
      const policy = this.#find(s.policies, p.id!, 'policy');
      const body = parseOrReject(policyUpdateSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      Object.assign(policy, body, { id: policy.id, hit_count: policy.hit_count, created_at: policy.created_at, updated_at: applianceTime(this.clock.now()) });
      return ok({ ...policy });
    });
    add('DELETE', '/policies/:id', 'admin', 'delete a security policy', (_req, p) => {
      this.#remove(s.policies, p.id!, 'policy');
      return NO_CONTENT;
    });

    add('GET', '/objects/addresses', 'read', 'list address objects and groups; filter type', (req) => {
      const { page, pageSize } = this.#paging(req);
      // The plain dialect's appliance does not filter address objects by type.
      const types = this.dialect === 'plain' ? null : this.#enumList(req, 'type', ['host', 'subnet', 'range', 'fqdn', 'group'] as const);
      return this.#listPage(s.addresses.filter((a) => !types || types.includes(a.type)), page, pageSize, (a) => ({ ...a, members: [...a.members] }));
    });
    add('GET', '/objects/addresses/:id', 'read', 'one address object', (_req, p) => ok({ ...this.#find(s.addresses, p.id!, 'address object') }));
    add('POST', '/objects/addresses', 'admin', 'create an address object or group', (req) => {
      const body = parseOrReject(newAddressSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const now = applianceTime(this.clock.now());
      const address: AddressObject = {
        id: s.nextId('addr'), name: body.name, type: body.type, value: body.type === 'group' ? null : body.value ?? null,
        members: body.type === 'group' ? body.members ?? [] : [], description: body.description ?? '', created_at: now, updated_at: now,
      };
      this.#checkAddress(address);
      s.addresses.push(address);
      return created(address);
    });
    add('PUT', '/objects/addresses/:id', 'admin', 'change an address object (fields given are replaced)', (req, p) => {
      const address = this.#find(s.addresses, p.id!, 'address object');
      const body = parseOrReject(addressUpdateSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const merged: AddressObject = { ...address, ...body, id: address.id, created_at: address.created_at, updated_at: applianceTime(this.clock.now()) };
      if (merged.type === 'group') merged.value = null;
      else merged.members = [];
      this.#checkAddress(merged);
      Object.assign(address, merged);
      return ok({ ...address });
    });
    add('DELETE', '/objects/addresses/:id', 'admin', 'delete an address object', (_req, p) => {
      this.#remove(s.addresses, p.id!, 'address object');
      for (const group of s.addresses) group.members = group.members.filter((m) => m !== p.id);
      return NO_CONTENT;
    });

    add('GET', '/blocklist', 'read', 'query the block list; filters ip, source', (req) => {
      this.#releaseExpiredBlocks();
      const { page, pageSize } = this.#paging(req);
      const ip = req.query.get('ip');
      const sources = this.#enumList(req, 'source', ['manual', 'api', 'auto', 'approval'] as const);
      const entries = s.blocklist.filter((b) => (!ip || b.ip === ip) && (!sources || sources.includes(b.source))).reverse();
      return this.#listPage(entries, page, pageSize, (b) => this.#block(b));
    });
    add('GET', '/blocklist/:id', 'read', 'one block-list entry', (_req, p) => {
      this.#releaseExpiredBlocks();
      return ok(this.#block(this.#find(s.blocklist, p.id!, 'block-list entry')));
    });
    add('POST', '/blocklist', 'operate', 'block an IP: ip, duration (seconds, 0 = permanent), reason', (req) => {
      const body = parseOrReject(blockSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const { entry, isNew } = this.#blockIp(body.ip, body.duration ?? 3600, body.reason ?? '', 'api');
      return isNew ? created(this.#block(entry)) : ok(this.#block(entry));
    });
    add('DELETE', '/blocklist/:id', 'operate', 'unblock', (_req, p) => {
      const entry = this.#remove(s.blocklist, p.id!, 'block-list entry');
      this.emit('block.released', { entry_id: entry.id, ip: entry.ip, reason: entry.reason, released_by: 'api' });
      return NO_CONTENT;
    });

    add('GET', '/allowlist', 'read', 'list the allow list', (req) => {
      const { page, pageSize } = this.#paging(req);
      return this.#listPage(s.allowlist, page, pageSize);
    });
    add('GET', '/allowlist/:id', 'read', 'one allow-list entry', (_req, p) => ok({ ...this.#find(s.allowlist, p.id!, 'allow-list entry') }));
    add('POST', '/allowlist', 'operate', 'add to the allow list: ip (address or CIDR), description', (req) => {
      const body = parseOrReject(allowSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const entry = { id: s.nextId('alw'), ip: body.ip, description: body.description ?? '', created_at: applianceTime(this.clock.now()) };
      s.allowlist.push(entry);
      return created(entry);
    });
    add('DELETE', '/allowlist/:id', 'operate', 'remove from the allow list', (_req, p) => {
      this.#remove(s.allowlist, p.id!, 'allow-list entry');
      return NO_CONTENT;
    });

    add('GET', '/domains/rules', 'read', 'list domain block and allow rules; filter action', (req) => {
      const { page, pageSize } = this.#paging(req);
      const actions = this.#enumList(req, 'action', ['block', 'allow'] as const);
      return this.#listPage(s.domainRules.filter((d) => !actions || actions.includes(d.action)), page, pageSize);
    });
    add('GET', '/domains/rules/:id', 'read', 'one domain rule', (_req, p) => ok({ ...this.#find(s.domainRules, p.id!, 'domain rule') }));
    add('POST', '/domains/rules', 'operate', 'add a domain rule: domain, action (block or allow), description', (req) => {
      const body = parseOrReject(domainRuleSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const rule = { id: s.nextId('dom'), domain: body.domain.toLowerCase(), action: body.action, description: body.description ?? '', created_at: applianceTime(this.clock.now()) };
      s.domainRules.push(rule);
      return created(rule);
    });
    add('DELETE', '/domains/rules/:id', 'operate', 'delete a domain rule', (_req, p) => {
      this.#remove(s.domainRules, p.id!, 'domain rule');
      return NO_CONTENT;
    });

    add('GET', '/alerts', 'read', 'alert list, newest first; filters severity, category, action, src_ip, dst_ip, since, until, q', (req) => this.#listAlerts(req));
    add('GET', '/alerts/:id', 'read', 'alert details', (_req, p) => {
      const alert = this.#alertById(p.id!);
      return ok(this.#alertOnWire(this.#alertDetail(alert), alert.occurredMs));
    });

    add('POST', '/logs/search', 'read', 'search logs by a query object; returns a list page', (req) => {
      const body = parseOrReject(logSearchSchema, readJsonBody(req, BAD), BAD);
      const since = body.since ? Date.parse(body.since) : null;
      const until = body.until ? Date.parse(body.until) : null;
      const text = body.query?.toLowerCase();
      const hits = s.logs.filter((l) =>
        (!body.type || l.type === body.type) && (!body.action || l.action === body.action) &&
        (!body.src_ip || l.src_ip === body.src_ip) && (!body.dst_ip || l.dst_ip === body.dst_ip) &&
        (since === null || l.timeMs >= since) && (until === null || l.timeMs < until) &&
        (!text || l.message.toLowerCase().includes(text) || l.src_ip.includes(text) || l.dst_ip.includes(text))).reverse();
      const { page, pageSize } = this.#paging(req, body);
      return this.#listPage(hits, page, pageSize, ({ timeMs: _t, ...l }) => l);
    });

    add('GET', '/devices', 'read', 'assets in the network; filters type, online, q', (req) => {
      const { page, pageSize } = this.#paging(req);
      // The plain dialect's appliance lists every device whatever the filters.
      if (this.dialect === 'plain') return this.#listPage(s.devices, page, pageSize);
      const online = req.query.get('online');
      if (online !== null && online !== 'true' && online !== 'false') throw new ApiError(400, BAD, 'online must be true or false', { param: 'online' });
      const q = req.query.get('q')?.toLowerCase();
      const types = this.#enumList(req, 'type', ['server', 'workstation', 'printer', 'iot', 'network', 'phone'] as const);
      const devices = s.devices.filter((d) => (!types || types.includes(d.type)) && (online === null || String(d.online) === online) &&
        (!q || `${d.name} ${d.ip} ${d.mac} ${d.vendor}`.toLowerCase().includes(q)));
      return this.#listPage(devices, page, pageSize);
    }, 'devices');
    add('GET', '/devices/:id', 'read', 'one device', (_req, p) => ok({ ...this.#find(s.devices, p.id!, 'device') }), 'devices');

    add('GET', '/honeypots', 'read', 'list honeypots', (req) => {
      const { page, pageSize } = this.#paging(req);
      return this.#listPage(s.honeypots, page, pageSize);
    }, 'honeypots');
    add('GET', '/honeypots/:id', 'read', 'one honeypot', (_req, p) => {
      const honeypot = this.#find(s.honeypots, p.id!, 'honeypot');
      // The plain dialect has no events path: the honeypot carries its trigger events.
      if (this.dialect !== 'plain') return ok({ ...honeypot });
      return ok({ ...honeypot, recent_events: s.honeypotEvents.filter((e) => e.honeypot_id === honeypot.id).reverse() });
    }, 'honeypots');
    add('GET', '/honeypots/:id/events', 'read', "a honeypot's trigger events, newest first", (req, p) => {
      if (this.dialect === 'plain') throw new ApiError(404, 'not_found', `No such resource: GET ${FIREWALL_API_PREFIX}${req.apiPath}`);
      const honeypot = this.#find(s.honeypots, p.id!, 'honeypot');
      const { page, pageSize } = this.#paging(req);
      return this.#listPage(s.honeypotEvents.filter((e) => e.honeypot_id === honeypot.id).reverse(), page, pageSize);
    }, 'honeypots');
    add('POST', '/honeypots', 'admin', 'create a honeypot', (req) => {
      const body = parseOrReject(newHoneypotSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const now = applianceTime(this.clock.now());
      const honeypot: Honeypot = { id: s.nextId('hp'), ...body, enabled: body.enabled ?? true, trigger_count: 0, last_triggered_at: null, created_at: now, updated_at: now };
      s.honeypots.push(honeypot);
      return created(honeypot);
    }, 'honeypots');
    add('PUT', '/honeypots/:id', 'admin', 'change a honeypot (fields given are replaced)', (req, p) => {
      const honeypot = this.#find(s.honeypots, p.id!, 'honeypot');
      const body = parseOrReject(honeypotUpdateSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      Object.assign(honeypot, body, { updated_at: applianceTime(this.clock.now()) });
      return ok({ ...honeypot });
    }, 'honeypots');
    add('DELETE', '/honeypots/:id', 'admin', 'delete a honeypot', (_req, p) => {
      this.#remove(s.honeypots, p.id!, 'honeypot');
      return NO_CONTENT;
    }, 'honeypots');

    add('GET', '/reports', 'read', 'report list, newest first', (req) => {
      const { page, pageSize } = this.#paging(req);
      return this.#listPage([...s.reports].reverse(), page, pageSize, (r) => this.#report(r, false));
    });
    add('GET', '/reports/:id', 'read', 'one report with its content once ready', (_req, p) => ok(this.#report(this.#find(s.reports, p.id!, 'report'), true)));
    add('GET', '/reports/:id/download', 'read', "a finished report's file (CSV)", (_req, p) => {
      const report = this.#find(s.reports, p.id!, 'report');
      if (report.content === null) throw new ApiError(404, 'not_found', `Report '${report.id}' is not ready`);
      const rows = Object.entries(report.content).map(([name, value]) => `${name},${JSON.stringify(value).replaceAll(',', ';')}`);
      return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: `field,value\n${rows.join('\n')}\n` };
    });
    add('POST', '/reports', 'read', 'generate a report: type, name, from, to (default: last 24 h)', (req) => {
      const body = parseOrReject(reportSchema, readJsonBody(req, BAD, { allowEmpty: false }), BAD);
      const to = body.to ? Date.parse(body.to) : this.clock.now();
      const from = body.from ? Date.parse(body.from) : to - 86_400_000;
      if (from >= to) throw new ApiError(400, BAD, 'from must be before to', { param: 'from' });
      return created(this.#report(this.#generateReport(body.type, body.name ?? `${body.type} report`, from, to, false), true));
    });
  }

  #checkAddress(address: AddressObject): void {
    const problem = validAddressValue(address, (id) => id !== address.id && this.#store.addresses.some((a) => a.id === id));
    if (problem) throw new ApiError(400, BAD, problem, { param: address.type === 'group' ? 'members' : 'value' });
  }

  #alertById(id: string): Alert {
    const n = (this.dialect === 'plain' ? /^(\d+)$/ : /^alt_(\d+)$/).exec(id)?.[1];
    const alert = n === undefined ? undefined : this.#store.alerts[Number(n) - 1];
    if (!alert || (this.dialect === 'opsdesk' && alert.id !== id)) throw new ApiError(404, 'not_found', `No alert '${id}'`);
    return alert;
  }

  #listAlerts(req: SimRequest): SimResponse {
    const { page, pageSize } = this.#paging(req);
    const severities = this.#enumList(req, 'severity', SEVERITIES);
    const categories = this.#enumList(req, 'category', ALERT_CATEGORIES);
    const actions = this.#enumList(req, 'action', ['blocked', 'detected'] as const);
    const srcIp = req.query.get('src_ip');
    const dstIp = req.query.get('dst_ip');
    const since = this.#timeQuery(req, 'since');
    const until = this.#timeQuery(req, 'until');
    const q = req.query.get('q')?.toLowerCase();
    const all = this.#store.alerts;
    const filtered = severities || categories || actions || srcIp || dstIp || since !== null || until !== null || q;
    if (!filtered) {
      // Newest first without copying the whole array: index from the end.
      const start = all.length - (page - 1) * pageSize;
      const items: object[] = [];
      for (let i = start - 1; i >= Math.max(0, start - pageSize); i--) items.push(this.#alertOnWire(this.#alert(all[i]!), all[i]!.occurredMs));
      return ok({ items, page, page_size: pageSize, total: all.length });
    }
    const matches: Alert[] = [];
    for (let i = all.length - 1; i >= 0; i--) {
      const a = all[i]!;
      if ((severities && !severities.includes(a.severity)) || (categories && !categories.includes(a.category)) ||
        (actions && !actions.includes(a.action)) || (srcIp && a.src_ip !== srcIp) || (dstIp && a.dst_ip !== dstIp) ||
        (since !== null && a.occurredMs < since) || (until !== null && a.occurredMs >= until) ||
        (q && !a.message.toLowerCase().includes(q) && !a.signature.toLowerCase().includes(q))) continue;
      matches.push(a);
    }
    return this.#listPage(matches, page, pageSize, (a) => this.#alertOnWire(this.#alert(a), a.occurredMs));
  }

  // Blocks ip, or renews the existing block of the same ip (same id, new reason and duration).
  #blockIp(ip: string, duration: number, reason: string, source: BlockEntry['source']): { entry: BlockEntry; isNew: boolean } {
    const now = this.clock.now();
    const expiresMs = duration === 0 ? null : now + duration * 1000;
    const existing = this.#store.blocklist.find((b) => b.ip === ip);
    const fields = { reason, duration, source, created_at: applianceTime(now), expires_at: expiresMs === null ? null : applianceTime(expiresMs), expiresMs };
    const entry = existing ? Object.assign(existing, fields) : { id: this.#store.nextId('blk'), ip, ...fields };
    if (!existing) this.#store.blocklist.push(entry);
    if (expiresMs !== null) this.#releaseAt(expiresMs);
    this.emit('block.created', { entry_id: entry.id, ip, reason, duration, source });
    return { entry, isNew: !existing };
  }

  // On the simulator's clock, so a test moves time past a block's expiry instead of waiting for it.
  #releaseAt(expiresMs: number): void {
    const { cancel } = this.clock.setTimeout(() => {
      this.#cancelTimers.delete(cancel);
      this.#releaseExpiredBlocks();
    }, expiresMs - this.clock.now());
    this.#cancelTimers.add(cancel);
  }

  #releaseExpiredBlocks(): void {
    const now = this.clock.now();
    const expired = this.#store.blocklist.filter((b) => b.expiresMs !== null && b.expiresMs <= now);
    if (expired.length === 0) return;
    this.#store.blocklist = this.#store.blocklist.filter((b) => !expired.includes(b));
    for (const b of expired) this.emit('block.released', { entry_id: b.id, ip: b.ip, reason: b.reason, released_by: 'expiry' });
  }

  #status(key: FirewallKey): Record<string, unknown> {
    const now = this.clock.now();
    const uptime = 1_234_567 + Math.floor((now - this.#startedAt) / 1000);
    const wave = (period: number, phase: number): number => (Math.sin(now / period + phase) + 1) / 2;
    const usedMb = Math.round(6000 + 4000 * wave(60_000, 1));
    if (this.dialect === 'plain') {
      // The plainest reading of "version, uptime, CPU, memory, sessions".
      return {
        version: 'V3.6.2 build 20251014', uptime: 1_729_845 + Math.floor((now - this.#startedAt) / 1000), license: PLAIN_EDITION_NAMES[this.#edition],
        cpu: '17.4%', memory: { total: 17_179_869_184, used: 7_181_185_433, usage: 41.8 }, sessions: 15_230,
      };
    }
    return {
      hostname: 'fw-sim-01', model: 'OpsWall 5200', edition: this.#edition, version: '7.4.2', build: '20251015',
      serial: 'OW5200-SIM-0001', uptime_seconds: uptime, cpu_percent: Math.round(5 + 60 * wave(30_000, 0)),
      memory: { total_mb: 16_384, used_mb: usedMb, percent: Math.round((usedMb / 16_384) * 100) },
      sessions: { active: Math.round(20_000 + 180_000 * wave(45_000, 2)), max: 2_000_000 },
      time: applianceTime(now), api_key: { id: key.id, role: key.role },
    };
  }

  #generateReport(type: ReportType, reportName: string, from: number, to: number, ready: boolean): Report {
    const now = this.clock.now();
    const report: Report = {
      id: this.#store.nextId('rpt'), name: reportName, type, status: 'generating',
      period: { from: applianceTime(from), to: applianceTime(to) }, created_at: applianceTime(now), completed_at: null, content: null,
    };
    this.#store.reports.push(report);
    const finish = (): void => {
      Object.assign(report, { status: 'ready', completed_at: applianceTime(this.clock.now()), content: this.#reportContent(type, from, to) });
    };
    if (ready) {
      finish();
    } else {
      const { cancel } = this.clock.setTimeout(() => {
        this.#cancelTimers.delete(cancel);
        finish();
      }, REPORT_GENERATION_MS);
      this.#cancelTimers.add(cancel);
    }
    return report;
  }

  #reportContent(type: ReportType, from: number, to: number): object {
    const alerts = this.#store.alerts.filter((a) => a.occurredMs >= from && a.occurredMs < to);
    const counts = (field: (a: Alert) => string): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const a of alerts) out[field(a)] = (out[field(a)] ?? 0) + 1;
      return out;
    };
    const topSources = Object.entries(counts((a) => a.src_ip)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10)
      .map(([ip, count]) => ({ ip, count }));
    const logs = this.#store.logs.filter((l) => l.timeMs >= from && l.timeMs < to);
    switch (type) {
      case 'threat_summary': return { alerts_total: alerts.length, by_severity: counts((a) => a.severity), by_category: counts((a) => a.category) };
      case 'top_sources': return { alerts_total: alerts.length, top_sources: topSources };
      case 'traffic': return { log_entries: logs.length, bytes_total: logs.reduce((sum, l) => sum + l.bytes, 0), denied: logs.filter((l) => l.action === 'deny').length };
      case 'blocklist': return { active_blocks: this.#store.blocklist.length, permanent: this.#store.blocklist.filter((b) => b.duration === 0).length };
    }
  }

  // The plain dialect describes only what the running edition offers, without x-editions.
  #openApi(): object {
    const plain = this.dialect === 'plain';
    const paths: Record<string, Record<string, object>> = {};
    for (const { method, pattern, handler } of this.#router.routes()) {
      if (plain && this.#edition === 'free-waf' && handler.feature !== undefined) continue;
      if (plain && pattern === '/honeypots/:id/events') continue;
      const paged = method === 'GET' && !pattern.endsWith('/:id') && pattern !== '/system/status';
      (paths[pattern.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = {
        summary: handler.purpose,
        ...(paged && !plain ? { parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: this.pageCap.max } },
        ] } : {}),
        'x-required-role': { read: 'read-only', operate: 'operations', admin: 'administrator' }[handler.access],
        ...(handler.feature && !plain ? { 'x-editions': ['enterprise', 'data-center'] } : {}),
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Firewall Management REST API', version: 'v1' },
      servers: [{ url: FIREWALL_API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        ...(plain && this.#severityScaleDescribed
          ? { schemas: { Alert: { type: 'object', properties: { severity: { type: 'integer', enum: [1, 2, 3, 4], 'x-enum-varnames': ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] } } } } }
          : {}),
      },
      security: [{ bearer: [] }],
      paths,
    };
  }

  #simulateTraffic(random: Random): void {
    const [alert] = this.addAlerts(random.int(1, 3));
    if (alert && (alert.severity === 'critical' || random.chance(0.1))) this.#blockIp(alert.src_ip, 600, `Auto block: ${alert.severity} alert`, 'auto');
    if (random.chance(0.05)) {
      const device = newDevice(random, this.#store.nextId('dev'), this.clock.now());
      this.#store.devices.push(device);
      this.emit('device.discovered', { ...device });
    }
    if (random.chance(0.1) && this.#store.honeypots.length > 0) {
      const honeypot = random.pick(this.#store.honeypots);
      const event: HoneypotEvent = {
        id: this.#store.nextId('hpe'), honeypot_id: honeypot.id, src_ip: randomPublicIp(random),
        occurred_at: applianceTime(this.clock.now()), detail: `${honeypot.type} interaction: login attempt`,
      };
      this.#store.honeypotEvents.push(event);
      honeypot.trigger_count++;
      honeypot.last_triggered_at = event.occurred_at;
      this.emit('honeypot.triggered', { ...event, honeypot_name: honeypot.name, honeypot_type: honeypot.type });
    }
  }
}
