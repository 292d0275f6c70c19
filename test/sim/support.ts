// Customer-support open API simulator (support.md) under /api/open/v1, with the envelope,
// per-site data, scoped keys, idempotent writes, a sliding-window limit and signed webhooks.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../src-main/core/lifecycle/clock.ts';
import { ApiError, SimServer, jsonResponse } from './sim-server.ts';
import type { SimRequest, SimResponse } from './sim-server.ts';
import { Router } from './router.ts';
import type { RouteParams } from './router.ts';
import { SlidingWindowLimiter } from './sliding-window.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import { WebhookSender } from './webhook-sender.ts';
import type { WebhookDelivery } from './webhook-sender.ts';
import { intQuery, parseOrReject, readJsonBody } from './validation.ts';
import { SUPPORT_KEY_PATTERN, SUPPORT_SCOPES, createSupportKey, hasScope } from './support-keys.ts';
import type { SupportKey, SupportKeyOptions } from './support-keys.ts';
import {
  CONTACT_STATUSES, FOLLOW_KINDS, ROBOT_NAME, SUPPORT_SITES, TICKET_STATUSES, WORK_PRIORITIES, WORK_STATUSES,
  createSupportStore, emailFor, fill, randomName, randomTopic,
} from './support-data.ts';
import type { ChatLog, ChatSession, Contact, Faq, FollowUp, Site, SupportStore, Ticket, WorkItem } from './support-data.ts';

export const SUPPORT_API_PREFIX = '/api/open/v1';
export const SUPPORT_SITE_HEADER = 'x-svc-site';
export const SUPPORT_LIST_LIMIT = { default: 20, max: 100 } as const;
export const SUPPORT_KB_TOP_K = { default: 5, max: 20 } as const;
export const SUPPORT_WEBHOOK_EVENTS = [
  'ticket.created', 'ticket.message', 'ticket.replied', 'ticket.closed',
  'contact.created', 'contact.updated', 'contact.followed',
  'work.created', 'work.updated', 'work.followed', 'faq.created',
] as const;
/** The plain dialect names sites by number and takes the site from this query parameter (the header is ignored). */
export const SUPPORT_PLAIN_SITE_IDS: Readonly<Record<string, number>> = { 'site-main': 1024, 'site-eu': 1025, 'site-closed': 1026 };
export const SUPPORT_PLAIN_SITE_PARAMETER = 'site_id';
/** The plain dialect's business codes: HTTP status × 100 + a sub-code per documented error. */
const PLAIN_SUB_CODES: Readonly<Record<string, number>> = { forbidden_scope: 1, wrong_site: 2, channel_disabled: 3, forbidden_ip: 4, forbidden_origin: 5 };
const RATE_WINDOW_MS = 60_000;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const ACTIVITY_INTERVAL_MS = 7000;

export interface SupportKeys {
  demo: string; // test key, site-main, every scope
  live: string; // live key, site-main, every scope
  ops: string; // site-main, type ops (default scopes)
  runtime: string; // site-main, type runtime
  agent: string; // site-main, type agent
  eu: string; // test key, site-eu, every scope
  closed: string; // test key, site-closed (API channel off), every scope
  revoked: string; // site-main, revoked
  ipRestricted: string; // site-main, every scope, only from 203.0.113.7
}

interface Context {
  req: SimRequest;
  key: SupportKey;
  site: Site;
  params: RouteParams;
  body: unknown;
}

interface Route {
  scope: string | null;
  purpose: string;
  run(ctx: Context): unknown;
}

interface SearchHit {
  id: string;
  source: 'faq' | 'article';
  title: string;
  snippet: string;
  score: number;
}

interface StoredResult {
  fingerprint: string;
  response: SimResponse;
  storedAt: number;
}

/** `/meta`'s data as another server shapes it, from the default data and the key's site. */
export type SupportMetaShape = (meta: Record<string, unknown>, site: Readonly<Site>) => object;

/**
 * How webhook deliveries are written: `envelope` (`{id, event, site, occurred_at, data}`) or `bare`:
 * the payload alone, its kind only in `X-SVC-Event`, with no event id or time (support.md shows none).
 */
export type SupportDeliveryShape = 'envelope' | 'bare';

const ALL_SCOPES = [...SUPPORT_SCOPES];
const BAD = 'bad_request';
const text = (max: number) => z.string().trim().min(1).max(max);

const chatSchema = z.looseObject({ question: text(4000), session_id: z.string().optional(), visitor: text(200).optional() });
const faqSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'id must be 1-64 of A-Z a-z 0-9 _ . -').optional(),
  question: text(500), answer: text(10_000), tags: z.array(text(50)).max(20).optional(),
});
const newTicketSchema = z.looseObject({
  message: text(10_000), subject: text(200).optional(), offline: z.boolean().optional(), channel: text(30).optional(),
  contact_id: z.string().optional(),
  visitor: z.looseObject({ name: text(200).optional(), email: z.email().optional(), phone: text(30).optional() }).optional(),
});
const messageSchema = z.looseObject({ text: text(10_000) });
const closeSchema = z.looseObject({ note: text(2000).optional() });
// The plain dialect names the texts the document leaves unnamed otherwise: `content`, and a close `remark`.
const plainMessageSchema = z.looseObject({ content: text(10_000) });
const plainCloseSchema = z.strictObject({ remark: text(2000).optional() });
const phoneSchema = z.string().regex(/^\+?[0-9 ()-]{5,20}$/, 'phone must be 5-20 digits, spaces, ( ) or -');
const newContactSchema = z.looseObject({
  name: text(200), email: z.email().optional(), phone: phoneSchema.optional(), company: text(200).optional(),
  tags: z.array(text(50)).max(20).optional(),
});
const contactPatchSchema = z.looseObject({ status: z.enum(CONTACT_STATUSES) });
const followSchema = z.looseObject({ kind: z.enum(FOLLOW_KINDS), note: text(4000) });
const workFollowSchema = z.looseObject({ kind: z.enum(FOLLOW_KINDS).optional(), note: text(4000) });
const newWorkSchema = z.looseObject({
  title: text(200), description: z.string().max(10_000).optional(), priority: z.enum(WORK_PRIORITIES).optional(),
  contact_id: z.string().optional(), ticket_id: z.string().optional(), assignee: text(200).optional(),
});
const workUpdateSchema = z.looseObject({ status: z.enum(WORK_STATUSES) });
const webhookSchema = z.looseObject({
  url: z.url({ protocol: /^https?$/ }),
  events: z.array(z.enum(SUPPORT_WEBHOOK_EVENTS)).min(1).optional(),
});

// Keeps the first three and last four digits; every other digit becomes '*'.
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => {
    seen++;
    return seen <= 3 || seen > digits - 4 ? d : '*';
  });
}

function searchTokens(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length >= 2))];
}

const PREFIXED_ID = /^(?:tkt|ct|wk|cs|msg|fu|log|wh)_0*(\d+)$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

/** The plain dialect's records: numeric ids and sites, times in Unix seconds. */
function plainShape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => plainShape(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, plainShape(field, name)]));
  }
  if (typeof value !== 'string') return value;
  const id = PREFIXED_ID.exec(value);
  if (id && (key === 'id' || key.endsWith('_id'))) return Number(id[1]);
  if (key === 'site' && SUPPORT_PLAIN_SITE_IDS[value] !== undefined) return SUPPORT_PLAIN_SITE_IDS[value];
  if (key.endsWith('_at') && ISO_TIME.test(value)) return Math.floor(Date.parse(value) / 1000);
  return value;
}

function newRequestId(): string {
  return `req_${randomBytes(10).toString('hex')}`;
}

export class SupportSim extends SimServer {
  readonly keys: SupportKeys;
  readonly #random: Random;
  readonly #store: SupportStore;
  readonly #keys = new Map<string, SupportKey>();
  readonly #limiter = new SlidingWindowLimiter();
  readonly #idempotency = new Map<string, StoredResult>();
  readonly #router = new Router<Route>();
  readonly #webhooks: WebhookSender;
  /**
   * How many close requests ran per ticket (a replay under the same Idempotency-Key does not run):
   * a ticket closed exactly once has 1, whatever the faults on the way.
   */
  readonly closesRun = new Map<string, number>();
  #listLimit: number | null = null;
  #metaShape: SupportMetaShape | null = null;
  #textField: string | null = null;
  #deliveryShape: SupportDeliveryShape = 'envelope';

  constructor(options: { seed: number; caPem: string; clock?: Clock }) {
    super({ apiPrefix: SUPPORT_API_PREFIX, urlPath: '', clock: options.clock });
    this.#random = createRandom(options.seed, 'support-keys');
    this.#store = createSupportStore(createRandom(options.seed, 'support-data'), Date.now());
    this.#webhooks = new WebhookSender({ signatureHeader: 'x-svc-signature', eventHeader: 'x-svc-event', caPem: options.caPem, clock: this.clock });
    this.keys = {
      demo: this.addKey({ site: 'site-main', scopes: ALL_SCOPES }),
      live: this.addKey({ site: 'site-main', env: 'live', scopes: ALL_SCOPES }),
      ops: this.addKey({ site: 'site-main', type: 'ops' }),
      runtime: this.addKey({ site: 'site-main', type: 'runtime' }),
      agent: this.addKey({ site: 'site-main', type: 'agent' }),
      eu: this.addKey({ site: 'site-eu', scopes: ALL_SCOPES }),
      closed: this.addKey({ site: 'site-closed', scopes: ALL_SCOPES }),
      revoked: this.addKey({ site: 'site-main', scopes: ALL_SCOPES, revoked: true }),
      ipRestricted: this.addKey({ site: 'site-main', scopes: ALL_SCOPES, ipAllowlist: ['203.0.113.7'] }),
    };
    this.#defineRoutes();
  }

  /** What the simulator holds: tests count what writes made (exactly once, none lost). */
  get store(): Readonly<SupportStore> {
    return this.#store;
  }

  get webhookDeliveries(): readonly WebhookDelivery[] {
    return this.#webhooks.deliveries;
  }

  // Resolves when every webhook delivery started so far has finished (including retries).
  webhooksIdle(): Promise<void> {
    return this.#webhooks.idle();
  }

  addKey(options: SupportKeyOptions): string {
    if (!SUPPORT_SITES.some((s) => s.id === options.site)) throw new Error(`unknown support site: ${options.site}`);
    const { secret, key } = createSupportKey(this.#random, options);
    this.#keys.set(secret, key);
    return secret;
  }

  /**
   * The largest `limit` a list takes, refused above with a 400 worded as a server written from the
   * document might (`limit must be between 1 and 50`, naming no parameter otherwise); null restores
   * the dialect's 1..100.
   */
  setListLimit(max: number | null): void {
    this.#listLimit = max;
  }

  /** Rewrites `/meta`'s data as another server shapes it; null restores the dialect's. */
  setMetaShape(shape: SupportMetaShape | null): void {
    this.#metaShape = shape;
  }

  /**
   * The one name under which the server writes the text of messages and follow-ups and takes it in
   * a visitor message, a robot reply and either follow-up; any other body is refused with a 400
   * that names no field. Null restores the dialect's names.
   */
  setTextField(name: string | null): void {
    this.#textField = name;
  }

  setDeliveryShape(shape: SupportDeliveryShape): void {
    this.#deliveryShape = shape;
  }

  setActivity(on: boolean): void {
    const random = createRandom(Date.now(), 'support-activity');
    this.switchActivity(on, ACTIVITY_INTERVAL_MS, () => this.#simulateVisitor(random));
  }

  override async close(): Promise<void> {
    await this.#webhooks.close();
    await super.close();
  }

  protected override errorResponse(error: ApiError): SimResponse {
    const requestId = newRequestId();
    if (this.dialect === 'plain') {
      const headers = { ...error.headers, 'x-request-id': requestId };
      // Refusals ride in an HTTP 200 with a business code; overload and server faults keep their status, the name in `code`.
      if (error.status === 429 || error.status >= 500) {
        return jsonResponse(error.status, { success: false, code: error.code, message: error.message, request_id: requestId }, headers);
      }
      const code = error.status * 100 + (PLAIN_SUB_CODES[error.code] ?? 0);
      return jsonResponse(200, { code, success: false, request_id: requestId, error: error.code, message: error.message, data: null }, headers);
    }
    return jsonResponse(error.status, {
      code: error.status, success: false, request_id: requestId, error: error.code, message: error.message, data: null,
    }, { ...error.headers, 'x-request-id': requestId });
  }

  protected override faultError(status: number): ApiError {
    const codes: Record<number, string> = { 429: 'rate_limited', 500: 'internal_error', 502: 'bad_gateway', 503: 'service_unavailable' };
    return new ApiError(status, codes[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'), `Simulated fault: HTTP ${status}`);
  }

  protected override handle(req: SimRequest): SimResponse {
    if (req.headers.origin !== undefined) {
      throw new ApiError(403, 'forbidden_origin', 'Requests must not carry an Origin header (server-side use only)');
    }
    if (req.method === 'GET' && req.apiPath === '/openapi.json') return jsonResponse(200, this.#openApi());

    const key = this.#authenticate(req);
    if (!key.allowsIp(req.remoteAddress)) throw new ApiError(403, 'forbidden_ip', `Address ${req.remoteAddress} is not in this key's IP allowlist`);
    const rate = this.#limiter.take(key.id, key.ratePerMinute, RATE_WINDOW_MS, this.clock.now());
    if (!rate.allowed) {
      throw new ApiError(429, 'rate_limited', `More than ${rate.limit} requests in the last minute`, {
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      });
    }
    const siteId = this.#requestedSite(req) ?? key.site;
    if (siteId !== key.site) throw new ApiError(403, 'wrong_site', `This key is not bound to site '${siteId}'`);
    const site = SUPPORT_SITES.find((s) => s.id === siteId)!;
    if (!site.apiChannel && req.apiPath !== '/meta') {
      throw new ApiError(403, 'channel_disabled', `The API channel of site '${site.id}' is not open`);
    }
    const match = this.#router.match(req.method, req.apiPath);
    if (!match) throw new ApiError(404, 'not_found', `No such endpoint: ${req.method} ${SUPPORT_API_PREFIX}${req.apiPath}`);
    const route = match.handler;
    if (route.scope !== null && !hasScope(key, route.scope)) {
      throw new ApiError(403, 'forbidden_scope', `This key lacks the scope '${route.scope}'`);
    }
    const run = (): SimResponse => {
      try {
        const data = route.run({ req, key, site, params: match.params, body: req.method === 'GET' ? {} : readJsonBody(req, BAD) });
        return this.#envelope(data);
      } catch (error) {
        if (error instanceof ApiError) return this.errorResponse(error);
        throw error;
      }
    };
    return req.method === 'GET' ? run() : this.#idempotent(req, key, run);
  }

  #requestedSite(req: SimRequest): string | undefined {
    if (this.dialect === 'opsdesk') {
      const header = req.headers[SUPPORT_SITE_HEADER];
      return typeof header === 'string' && header !== '' ? header : undefined;
    }
    const asked = req.query.get(SUPPORT_PLAIN_SITE_PARAMETER);
    if (!asked) return undefined;
    return SUPPORT_SITES.find((s) => String(SUPPORT_PLAIN_SITE_IDS[s.id]) === asked)?.id ?? asked;
  }

  /** How the dialect names a site in a body. */
  #publicSiteId(id: string): string | number {
    return this.dialect === 'plain' ? SUPPORT_PLAIN_SITE_IDS[id]! : id;
  }

  #authenticate(req: SimRequest): SupportKey {
    const header = req.headers.authorization;
    if (!header) throw new ApiError(401, 'unauthorized', 'Missing Authorization: Bearer <API_KEY>');
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!token || !SUPPORT_KEY_PATTERN.test(token)) throw new ApiError(401, 'unauthorized', 'Malformed application key');
    const key = this.#keys.get(token);
    if (!key) throw new ApiError(401, 'unauthorized', 'Unknown application key');
    if (key.revoked) throw new ApiError(401, 'unauthorized', 'This application key has been revoked');
    return key;
  }

  #envelope(data: unknown): SimResponse {
    const requestId = newRequestId();
    const plain = this.dialect === 'plain';
    return jsonResponse(200, { code: plain ? '0' : 0, success: true, request_id: requestId, data: plain ? plainShape(data) : data }, { 'x-request-id': requestId });
  }

  // The first result for (key, Idempotency-Key) is replayed byte for byte; reusing the
  // Idempotency-Key for a different request is a conflict.
  #idempotent(req: SimRequest, key: SupportKey, run: () => SimResponse): SimResponse {
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
      throw new ApiError(400, BAD, 'Write operations require an Idempotency-Key header (1-255 visible ASCII characters)');
    }
    const slot = `${key.id}\n${idempotencyKey}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.apiPath}\n`).update(req.body).digest('hex');
    const now = Date.now();
    const stored = this.#idempotency.get(slot);
    if (stored && now - stored.storedAt < IDEMPOTENCY_TTL_MS) {
      if (stored.fingerprint !== fingerprint) {
        throw new ApiError(409, 'conflict', 'This Idempotency-Key was already used for a different request');
      }
      return { ...stored.response, headers: { ...stored.response.headers, 'idempotent-replayed': 'true' } };
    }
    const response = run();
    this.#idempotency.set(slot, { fingerprint, response, storedAt: now });
    return response;
  }

  #emit(site: string, event: (typeof SUPPORT_WEBHOOK_EVENTS)[number], data: unknown): void {
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify(this.#deliveryShape === 'bare' ? data : { id: eventId, event, site, occurred_at: new Date().toISOString(), data });
    for (const hook of this.#store.webhooks) {
      if (hook.site === site && hook.active && hook.events.includes(event)) {
        this.#webhooks.send({ url: hook.url, secret: hook.secret }, event, eventId, body);
      }
    }
  }

  // --- lookups and public shapes -------------------------------------------------------------

  // The plain dialect shows `tkt_000123` as 123, and takes it back as "123".
  #sameId(stored: string, asked: string): boolean {
    return stored === asked || (this.dialect === 'plain' && PREFIXED_ID.exec(stored)?.[1] === asked.replace(/^0+(?=\d)/, ''));
  }

  #find<T extends { id: string; site: string }>(items: readonly T[], site: Site, id: string, what: string): T {
    const item = items.find((i) => this.#sameId(i.id, id) && i.site === site.id);
    if (!item) throw new ApiError(404, 'not_found', `No ${what} '${id}' on this site`);
    return item;
  }

  #page<T extends { seq: number }, P>(ctx: Context, items: readonly T[], project: (item: T) => P): { items: P[]; next_cursor: string | null } {
    const limit = this.#listLimitOf(ctx.req);
    const cursor = ctx.req.query.get('cursor');
    let before = Number.POSITIVE_INFINITY;
    if (cursor) {
      before = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (!Number.isInteger(before)) throw new ApiError(400, BAD, 'Invalid cursor', { param: 'cursor' });
    }
    const newestFirst = items.filter((i) => i.seq < before).sort((a, b) => b.seq - a.seq);
    const page = newestFirst.slice(0, limit);
    const last = page.at(-1);
    const more = newestFirst.length > limit && last !== undefined;
    return { items: page.map(project), next_cursor: more ? Buffer.from(String(last.seq)).toString('base64url') : null };
  }

  #listLimitOf(req: SimRequest): number {
    const max = this.#listLimit;
    if (max === null) return intQuery(req, 'limit', SUPPORT_LIST_LIMIT.default, 1, SUPPORT_LIST_LIMIT.max, BAD);
    const raw = req.query.get('limit');
    const limit = raw === null || raw === '' ? Math.min(SUPPORT_LIST_LIMIT.default, max) : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new ApiError(400, BAD, `limit must be between 1 and ${max}`);
    return limit;
  }

  /** The text of a message or follow-up under the server's own name (setTextField), else a 400 naming no field. */
  #writtenText(body: unknown): string {
    const text = (body as Record<string, unknown> | null)?.[this.#textField!];
    if (typeof text !== 'string' || text.trim() === '') throw new ApiError(400, BAD, 'invalid request');
    return text;
  }

  /** A record's text under the server's own name (setTextField) instead of `from`. */
  #withTextAs<T extends object>(record: T, from: string): object {
    if (this.#textField === null) return { ...record };
    const { [from]: text, ...rest } = record as Record<string, unknown>;
    return { ...rest, [this.#textField]: text };
  }

  #ticketSummary(t: Ticket, includeLastMessage: boolean): object {
    const summary = {
      id: t.id, site: t.site, status: t.status, subject: t.subject, channel: t.channel, offline: t.offline,
      visitor: { ...t.visitor }, message_count: t.messages.length,
      created_at: t.created_at, updated_at: t.updated_at, closed_at: t.closed_at, close_note: t.close_note,
    };
    if (!includeLastMessage) return summary;
    const last = t.messages.at(-1);
    return { ...summary, last_message: last ? this.#withTextAs(last, 'text') : null };
  }

  #ticketDetail(t: Ticket): object {
    // A ticket opened from a chat names its session, whose summary the site keeps.
    const session = this.#store.sessions.find((s) => s.site === t.site && s.ticket_id === t.id);
    return { ...this.#ticketSummary(t, true), ...(session && { session_id: session.id }), messages: t.messages.map((m) => this.#withTextAs(m, 'text')) };
  }

  #follow(f: FollowUp): object {
    return this.#withTextAs(f, 'note');
  }

  #contact(c: Contact, detail: boolean, unmaskPhone = false): object {
    const shape = {
      id: c.id, site: c.site, name: c.name, email: c.email,
      phone: c.phone === null || unmaskPhone ? c.phone : maskPhone(c.phone), phone_masked: c.phone !== null && !unmaskPhone,
      company: c.company, status: c.status, tags: [...c.tags], follow_count: c.follows.length,
      created_at: c.created_at, updated_at: c.updated_at, ...(c.country && { country: c.country }),
    };
    return detail ? { ...shape, follows: c.follows.map((f) => this.#follow(f)) } : shape;
  }

  #work(w: WorkItem, detail: boolean): object {
    const { seq: _seq, follows, ...fields } = w;
    const shape = { ...fields, follow_count: follows.length };
    return detail ? { ...shape, follows: follows.map((f) => this.#follow(f)) } : shape;
  }

  #faq(f: Faq): object {
    const { seq: _seq, ...fields } = f;
    return { ...fields, tags: [...f.tags] };
  }

  #session(s: ChatSession): object {
    const logs = this.#store.chatLogs.filter((l) => l.session_id === s.id);
    const ticket = s.ticket_id ? `, handed over as ticket ${s.ticket_id}` : '';
    return {
      id: s.id, site: s.site, visitor: s.visitor, started_at: s.started_at, last_message_at: s.last_at,
      message_count: logs.length, ticket_id: s.ticket_id,
      summary: `${s.visitor} asked about ${s.topic}; ${logs.length} messages${ticket}.`,
    };
  }

  #log(l: ChatLog): object {
    // The plain dialect keys its chat lines by session only: the document shows no line id.
    if (this.dialect === 'plain') return { session_id: l.session_id, role: l.role, text: l.text, created_at: l.created_at };
    return { id: l.id, session_id: l.session_id, role: l.role, text: l.text, created_at: l.created_at };
  }

  #meta(ctx: Context): object {
    return this.dialect === 'plain'
      ? {
        site: this.#publicSiteId(ctx.site.id),
        // Switches keyed by channel: each site's under `channels`, and the key's own site's at the top.
        sites: SUPPORT_SITES.map((s) => ({ id: this.#publicSiteId(s.id), name: s.name, channels: { api: s.apiChannel, web_widget: true } })),
        channels: { api: ctx.site.apiChannel, web_widget: true },
        scopes: [...ctx.key.scopes],
        env: ctx.key.env,
        type: ctx.key.type,
      }
      : {
        site: ctx.site.id,
        sites: SUPPORT_SITES.map((s) => ({ id: s.id, name: s.name, api_channel: s.apiChannel })),
        key: { env: ctx.key.env, type: ctx.key.type, scopes: [...ctx.key.scopes] },
      };
  }

  // --- routes --------------------------------------------------------------------------------

  #defineRoutes(): void {
    const add = (method: string, path: string, scope: string | null, purpose: string, run: (ctx: Context) => unknown): void => {
      this.#router.add(method, path, { scope, purpose, run });
    };
    add('GET', '/meta', null, 'sites, channel switches, current scopes', (ctx) => {
      const meta = this.#meta(ctx);
      return this.#metaShape?.(meta as Record<string, unknown>, ctx.site) ?? meta;
    });
    add('POST', '/chat', 'chat', 'synchronous question and answer', (ctx) => this.#chat(ctx));
    add('GET', '/chat/sessions/:id', 'chat', 'session summary', (ctx) => this.#session(this.#find(this.#store.sessions, ctx.site, ctx.params.id!, 'chat session')));
    add('GET', '/kb/search', 'kb.read', 'knowledge base search; query parameters q, top_k', (ctx) => {
      const q = ctx.req.query.get('q')?.trim();
      if (!q) throw new ApiError(400, BAD, "Missing query parameter 'q'", { param: 'q' });
      const topK = intQuery(ctx.req, 'top_k', SUPPORT_KB_TOP_K.default, 1, SUPPORT_KB_TOP_K.max, BAD);
      return { query: q, items: this.#search(ctx.site, q, topK) };
    });
    add('GET', '/kb/faq', 'kb.read', 'list FAQ', (ctx) => {
      const q = ctx.req.query.get('q')?.toLowerCase();
      const faq = this.#store.faq.filter((f) => f.site === ctx.site.id && (!q || `${f.question} ${f.answer}`.toLowerCase().includes(q)));
      return this.#page(ctx, faq, (f) => this.#faq(f));
    });
    add('POST', '/kb/faq', 'kb.write', 'add FAQ (409 when id exists)', (ctx) => this.#addFaq(ctx));
    add('GET', '/tickets', 'ticket.read', 'list tickets; query parameters status, limit, include=last_message', (ctx) => this.#listTickets(ctx));
    add('GET', '/tickets/:id', 'ticket.read', 'public ticket information', (ctx) => this.#ticketDetail(this.#ticket(ctx)));
    add('POST', '/tickets', 'live.write', 'create a queued ticket or leave an offline message (offline:true)', (ctx) => this.#createTicket(ctx));
    add('POST', '/tickets/:id/messages', 'live.write', 'visitor follow-up message', (ctx) => this.#addMessage(ctx, 'visitor'));
    add('POST', '/tickets/:id/reply', 'agent.reply', 'robot reply, visible to the visitor', (ctx) => this.#addMessage(ctx, 'robot'));
    add('POST', '/tickets/:id/close', 'ticket.write', 'close a ticket; optional note', (ctx) => this.#closeTicket(ctx));
    add('GET', '/contacts', 'crm.read', 'list contacts; query parameters status, q, limit, cursor', (ctx) => {
      const status = this.#enumQuery(ctx, 'status', CONTACT_STATUSES);
      const q = ctx.req.query.get('q')?.toLowerCase();
      const contacts = this.#store.contacts.filter((c) => c.site === ctx.site.id && (!status || status.includes(c.status)) &&
        (!q || `${c.name} ${c.email ?? ''} ${c.company ?? ''}`.toLowerCase().includes(q)));
      return this.#page(ctx, contacts, (c) => this.#contact(c, false));
    });
    add('POST', '/contacts', 'crm.write', 'create contact', (ctx) => this.#createContact(ctx));
    add('GET', '/contacts/:id', 'crm.read', 'contact details; ?unmask=phone needs crm.write', (ctx) => {
      const contact = this.#find(this.#store.contacts, ctx.site, ctx.params.id!, 'contact');
      // The plain dialect knows no `unmask`: its numbers stay masked.
      const unmask = this.dialect !== 'plain' && ctx.req.query.get('unmask') === 'phone';
      if (unmask && !hasScope(ctx.key, 'crm.write')) throw new ApiError(403, 'forbidden_scope', "Unmasking a phone number needs the scope 'crm.write'");
      return this.#contact(contact, true, unmask);
    });
    add('PATCH', '/contacts/:id', 'crm.write', 'change contact status', (ctx) => {
      const contact = this.#find(this.#store.contacts, ctx.site, ctx.params.id!, 'contact');
      const body = parseOrReject(contactPatchSchema, ctx.body, BAD);
      contact.status = body.status;
      contact.updated_at = new Date().toISOString();
      const shape = this.#contact(contact, true);
      this.#emit(ctx.site.id, 'contact.updated', this.#contact(contact, false));
      return shape;
    });
    add('POST', '/contacts/:id/follows', 'crm.write', 'add follow-up; kind = phone, chat or note', (ctx) => {
      const contact = this.#find(this.#store.contacts, ctx.site, ctx.params.id!, 'contact');
      const body = this.#textField !== null ? { kind: parseOrReject(followSchema.pick({ kind: true }), ctx.body, BAD).kind, note: this.#writtenText(ctx.body) } : parseOrReject(followSchema, ctx.body, BAD);
      const follow = this.#newFollow(body.kind, body.note);
      contact.follows.push(follow);
      contact.updated_at = follow.created_at;
      this.#emit(ctx.site.id, 'contact.followed', { contact_id: contact.id, follow: this.#follow(follow) });
      return this.#follow(follow);
    });
    add('GET', '/work', 'work.read', 'list after-sales work items; query parameters status, limit, cursor', (ctx) => {
      const status = this.#enumQuery(ctx, 'status', WORK_STATUSES);
      const work = this.#store.work.filter((w) => w.site === ctx.site.id && (!status || status.includes(w.status)));
      return this.#page(ctx, work, (w) => this.#work(w, false));
    });
    add('POST', '/work', 'work.write', 'create work item', (ctx) => this.#createWork(ctx));
    add('GET', '/work/:id', 'work.read', 'work item details', (ctx) => this.#work(this.#find(this.#store.work, ctx.site, ctx.params.id!, 'work item'), true));
    add('POST', '/work/:id', 'work.write', 'change work item status', (ctx) => {
      const item = this.#find(this.#store.work, ctx.site, ctx.params.id!, 'work item');
      item.status = parseOrReject(workUpdateSchema, ctx.body, BAD).status;
      item.updated_at = new Date().toISOString();
      this.#emit(ctx.site.id, 'work.updated', this.#work(item, false));
      return this.#work(item, true);
    });
    add('POST', '/work/:id/follows', 'work.write', 'add work item follow-up', (ctx) => {
      const item = this.#find(this.#store.work, ctx.site, ctx.params.id!, 'work item');
      const body = this.#textField !== null ? { kind: parseOrReject(workFollowSchema.pick({ kind: true }), ctx.body, BAD).kind, note: this.#writtenText(ctx.body) } : parseOrReject(workFollowSchema, ctx.body, BAD);
      const follow = this.#newFollow(body.kind ?? null, body.note);
      item.follows.push(follow);
      item.updated_at = follow.created_at;
      this.#emit(ctx.site.id, 'work.followed', { work_id: item.id, follow: this.#follow(follow) });
      return this.#follow(follow);
    });
    add('GET', '/webhooks', 'hooks.write', 'list webhooks (never the secret)', (ctx) => ({
      items: this.#store.webhooks.filter((w) => w.site === ctx.site.id).sort((a, b) => b.seq - a.seq)
        .map(({ id, url, events, active, created_at }) => ({ id, url, events: [...events], active, created_at })),
      next_cursor: null,
    }));
    add('POST', '/webhooks', 'hooks.write', 'register webhook; the signing secret is returned only once', (ctx) => {
      const body = parseOrReject(webhookSchema, ctx.body, BAD);
      const seq = this.#store.nextSeq();
      const hook = {
        seq, id: `wh_${String(seq).padStart(6, '0')}`, site: ctx.site.id, url: body.url,
        events: [...(body.events ?? SUPPORT_WEBHOOK_EVENTS)], secret: `whsec_${randomBytes(24).toString('hex')}`,
        created_at: new Date().toISOString(), active: true,
      };
      this.#store.webhooks.push(hook);
      const { seq: _seq, site: _site, ...shape } = hook;
      return shape;
    });
    add('GET', '/analytics/overview', 'analytics.read', 'aggregate counts', (ctx) => this.#analytics(ctx.site));
    add('GET', '/logs/chats', 'logs.read', 'chat log listing; query parameters session_id, limit, cursor', (ctx) => {
      const session = ctx.req.query.get('session_id');
      const logs = this.#store.chatLogs.filter((l) => l.site === ctx.site.id && (!session || this.#sameId(l.session_id, session)));
      return this.#page(ctx, logs, (l) => this.#log(l));
    });
  }

  #enumQuery<T extends string>(ctx: Context, name: string, allowed: readonly T[]): T[] | null {
    const raw = ctx.req.query.get(name);
    if (!raw) return null;
    const values = raw.split(',').map((v) => v.trim());
    const wrong = values.find((v) => !allowed.includes(v as T));
    if (wrong !== undefined) throw new ApiError(400, BAD, `Unknown ${name} '${wrong}'; one of ${allowed.join(', ')}`, { param: name });
    return values as T[];
  }

  #newFollow(kind: FollowUp['kind'], note: string): FollowUp {
    return { id: `fu_${this.#store.nextSeq()}`, kind, note, author: 'OpsDesk API', created_at: new Date().toISOString() };
  }

  #search(site: Site, query: string, topK: number): SearchHit[] {
    const tokens = searchTokens(query);
    const documents = [
      ...this.#store.faq.filter((f) => f.site === site.id).map((f) => ({ seq: f.seq, id: f.id, source: 'faq' as const, title: f.question, body: f.answer, tags: f.tags })),
      ...this.#store.articles.filter((a) => a.site === site.id).map((a) => ({ seq: a.seq, id: a.id, source: 'article' as const, title: a.title, body: a.body, tags: [] as string[] })),
    ];
    return documents
      .map((d) => {
        const haystack = `${d.title} ${d.body} ${d.tags.join(' ')}`.toLowerCase();
        const hits = tokens.filter((t) => haystack.includes(t)).length;
        return { d, score: tokens.length === 0 ? 0 : Math.round((hits / tokens.length) * 1000) / 1000 };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || b.d.seq - a.d.seq)
      .slice(0, topK)
      .map(({ d, score }) => ({ id: d.id, source: d.source, title: d.title, snippet: d.body.slice(0, 160), score }));
  }

  #chat(ctx: Context): object {
    const body = parseOrReject(chatSchema, ctx.body, BAD);
    const now = new Date().toISOString();
    let session: ChatSession;
    if (body.session_id) {
      session = this.#find(this.#store.sessions, ctx.site, body.session_id, 'chat session');
    } else {
      const seq = this.#store.nextSeq();
      session = {
        seq, id: `cs_${String(seq).padStart(6, '0')}`, site: ctx.site.id, visitor: body.visitor ?? 'API visitor',
        started_at: now, last_at: now, ticket_id: null, topic: body.question.slice(0, 80),
      };
      this.#store.sessions.push(session);
    }
    const hits = this.#search(ctx.site, body.question, 3);
    const best = hits[0] && (this.#store.faq.find((f) => f.id === hits[0]!.id)?.answer ?? this.#store.articles.find((a) => a.id === hits[0]!.id)?.body);
    const answer = best ?? 'Sorry, I could not find an answer. You can leave a message and an agent will reply.';
    for (const [role, line] of [['visitor', body.question], ['robot', answer]] as const) {
      const seq = this.#store.nextSeq();
      this.#store.chatLogs.push({ seq, id: `log_${String(seq).padStart(7, '0')}`, site: ctx.site.id, session_id: session.id, role, text: line, created_at: now });
    }
    session.last_at = now;
    return { session_id: session.id, answer, sources: hits.map(({ id, source, title, score }) => ({ id, source, title, score })), created_at: now };
  }

  #addFaq(ctx: Context): object {
    const body = parseOrReject(faqSchema, ctx.body, BAD);
    const seq = this.#store.nextSeq();
    const id = body.id ?? `faq-${ctx.site.id}-${seq}`;
    if (this.#store.faq.some((f) => f.site === ctx.site.id && f.id === id)) {
      throw new ApiError(409, 'conflict', `FAQ id '${id}' already exists`, { param: 'id' });
    }
    const now = new Date().toISOString();
    const faq: Faq = { seq, id, site: ctx.site.id, question: body.question, answer: body.answer, tags: body.tags ?? [], created_at: now, updated_at: now };
    this.#store.faq.push(faq);
    this.#emit(ctx.site.id, 'faq.created', this.#faq(faq));
    return this.#faq(faq);
  }

  #listTickets(ctx: Context): object {
    const status = this.#enumQuery(ctx, 'status', TICKET_STATUSES);
    const include = (ctx.req.query.get('include') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
    const unknown = include.find((v) => v !== 'last_message');
    if (unknown !== undefined) throw new ApiError(400, BAD, `Unknown include '${unknown}'; only last_message`, { param: 'include' });
    const tickets = this.#store.tickets.filter((t) => t.site === ctx.site.id && (!status || status.includes(t.status)));
    return this.#page(ctx, tickets, (t) => this.#ticketSummary(t, include.includes('last_message')));
  }

  #ticket(ctx: Context): Ticket {
    return this.#find(this.#store.tickets, ctx.site, ctx.params.id!, 'ticket');
  }

  #createTicket(ctx: Context): object {
    const body = parseOrReject(newTicketSchema, ctx.body, BAD);
    const contact = body.contact_id ? this.#find(this.#store.contacts, ctx.site, body.contact_id, 'contact') : undefined;
    const ticket = this.#openTicket(ctx.site.id, {
      message: body.message, subject: body.subject, offline: body.offline ?? false, channel: body.channel ?? 'api',
      visitorName: body.visitor?.name ?? contact?.name ?? 'API visitor', email: body.visitor?.email ?? contact?.email ?? null,
      contactId: contact?.id ?? null,
    });
    return this.#ticketDetail(ticket);
  }

  #openTicket(site: string, t: { message: string; subject?: string | undefined; offline: boolean; channel: string; visitorName: string; email: string | null; contactId: string | null }): Ticket {
    const seq = this.#store.nextSeq();
    const now = new Date().toISOString();
    const ticket: Ticket = {
      seq, id: `tkt_${String(seq).padStart(6, '0')}`, site, status: t.offline ? 'offline' : 'queued',
      subject: t.subject ?? t.message.slice(0, 60), channel: t.channel, offline: t.offline,
      visitor: { name: t.visitorName, email: t.email, contact_id: t.contactId },
      created_at: now, updated_at: now, closed_at: null, close_note: null,
      messages: [{ id: `msg_${this.#store.nextSeq()}`, from: 'visitor', author: t.visitorName, text: t.message, created_at: now }],
      ticketToken: `tt_${randomBytes(16).toString('hex')}`,
      internalRemarks: ['INTERNAL: created through the open API'],
    };
    this.#store.tickets.push(ticket);
    this.#emit(site, 'ticket.created', this.#ticketSummary(ticket, true));
    return ticket;
  }

  #addMessage(ctx: Context, from: 'visitor' | 'robot'): object {
    const ticket = this.#ticket(ctx);
    const body = this.#textField !== null ? { text: this.#writtenText(ctx.body) }
      : this.dialect === 'plain' ? { text: parseOrReject(plainMessageSchema, ctx.body, BAD).content } : parseOrReject(messageSchema, ctx.body, BAD);
    if (ticket.status === 'closed') throw new ApiError(409, 'conflict', `Ticket '${ticket.id}' is closed`);
    const now = new Date().toISOString();
    const message = { id: `msg_${this.#store.nextSeq()}`, from, author: from === 'robot' ? ROBOT_NAME : ticket.visitor.name, text: body.text, created_at: now };
    ticket.messages.push(message);
    ticket.updated_at = now;
    if (from === 'robot') ticket.status = 'active';
    this.#emit(ctx.site.id, from === 'robot' ? 'ticket.replied' : 'ticket.message', { ticket_id: ticket.id, message: { ...message } });
    return this.#ticketDetail(ticket);
  }

  #closeTicket(ctx: Context): object {
    const ticket = this.#ticket(ctx);
    const body = this.dialect === 'plain' ? { note: parseOrReject(plainCloseSchema, ctx.body, BAD).remark } : parseOrReject(closeSchema, ctx.body, BAD);
    this.closesRun.set(ticket.id, (this.closesRun.get(ticket.id) ?? 0) + 1);
    if (ticket.status !== 'closed') {
      const now = new Date().toISOString();
      Object.assign(ticket, { status: 'closed', closed_at: now, updated_at: now, close_note: body.note ?? null });
      this.#emit(ctx.site.id, 'ticket.closed', this.#ticketSummary(ticket, false));
    }
    return this.#ticketDetail(ticket);
  }

  #createContact(ctx: Context): object {
    const body = parseOrReject(newContactSchema, ctx.body, BAD);
    const seq = this.#store.nextSeq();
    const now = new Date().toISOString();
    const contact: Contact = {
      seq, id: `ct_${String(seq).padStart(6, '0')}`, site: ctx.site.id, name: body.name, email: body.email ?? null,
      phone: body.phone ?? null, company: body.company ?? null, status: 'new', tags: body.tags ?? [],
      created_at: now, updated_at: now, follows: [],
    };
    this.#store.contacts.push(contact);
    this.#emit(ctx.site.id, 'contact.created', this.#contact(contact, false));
    return this.#contact(contact, true);
  }

  #createWork(ctx: Context): object {
    const body = parseOrReject(newWorkSchema, ctx.body, BAD);
    if (body.contact_id) this.#find(this.#store.contacts, ctx.site, body.contact_id, 'contact');
    if (body.ticket_id) this.#find(this.#store.tickets, ctx.site, body.ticket_id, 'ticket');
    const seq = this.#store.nextSeq();
    const now = new Date().toISOString();
    const item: WorkItem = {
      seq, id: `wk_${String(seq).padStart(6, '0')}`, site: ctx.site.id, title: body.title, description: body.description ?? '',
      status: 'open', priority: body.priority ?? 'normal', contact_id: body.contact_id ?? null, ticket_id: body.ticket_id ?? null,
      assignee: body.assignee ?? 'unassigned', created_at: now, updated_at: now, follows: [],
    };
    this.#store.work.push(item);
    this.#emit(ctx.site.id, 'work.created', this.#work(item, false));
    return this.#work(item, true);
  }

  #analytics(site: Site): object {
    const countBy = <T extends { site: string }>(items: readonly T[], field: (item: T) => string, values: readonly string[]) => {
      const own = items.filter((i) => i.site === site.id);
      return { total: own.length, by_status: Object.fromEntries(values.map((v) => [v, own.filter((i) => field(i) === v).length])) };
    };
    return {
      site: site.id,
      generated_at: new Date().toISOString(),
      tickets: countBy(this.#store.tickets, (t) => t.status, TICKET_STATUSES),
      contacts: countBy(this.#store.contacts, (c) => c.status, CONTACT_STATUSES),
      work: countBy(this.#store.work, (w) => w.status, WORK_STATUSES),
      chats: {
        sessions: this.#store.sessions.filter((s) => s.site === site.id).length,
        messages: this.#store.chatLogs.filter((l) => l.site === site.id).length,
      },
      faq: { total: this.#store.faq.filter((f) => f.site === site.id).length },
    };
  }

  // Every operation announces where the site goes; the plain dialect writes full paths and refers to its parameter by $ref.
  #openApi(): object {
    const plain = this.dialect === 'plain';
    const prefix = plain ? SUPPORT_API_PREFIX : '';
    const paths: Record<string, Record<string, object>> = {};
    for (const { method, pattern, handler } of this.#router.routes()) {
      const parameters = [
        plain ? { $ref: '#/components/parameters/SiteId' } : { name: 'X-SVC-Site', in: 'header', required: false, schema: { type: 'string' } },
        ...(method === 'GET' ? [] : [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } }]),
      ];
      (paths[prefix + pattern.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = {
        summary: handler.purpose,
        'x-scope': handler.scope ?? 'any key',
        parameters,
      };
    }
    paths[`${prefix}/openapi.json`] = { get: { summary: 'list of paths', security: [] } };
    const siteParameter = { name: SUPPORT_PLAIN_SITE_PARAMETER, in: 'query', required: false, schema: { type: 'integer' } };
    return {
      openapi: '3.1.0',
      info: { title: 'Customer-Support Open API', version: 'v1' },
      servers: [{ url: plain ? '/' : SUPPORT_API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        ...(plain ? { parameters: { SiteId: siteParameter } } : {}),
      },
      security: [{ bearer: [] }],
      paths,
    };
  }

  #simulateVisitor(random: Random): void {
    const open = this.#store.tickets.filter((t) => t.site === 'site-main' && t.status !== 'closed');
    if (open.length > 0 && random.chance(0.4)) {
      const ticket = open[open.length - 1 - random.int(0, Math.min(20, open.length - 1))]!;
      const now = new Date().toISOString();
      const message = { id: `msg_${this.#store.nextSeq()}`, from: 'visitor' as const, author: ticket.visitor.name, text: fill('Any news about my {topic}?', random), created_at: now };
      ticket.messages.push(message);
      ticket.updated_at = now;
      this.#emit('site-main', 'ticket.message', { ticket_id: ticket.id, message: { ...message } });
      return;
    }
    const name = randomName(random);
    this.#openTicket('site-main', {
      message: fill('Hello, I have a problem with my {topic}.', random, randomTopic(random)),
      offline: random.chance(0.2), channel: 'web', visitorName: name, email: emailFor(name, random), contactId: null,
    });
  }
}
