// The customer-support open API (support.md): `{base}/api/open/v1`, the site sent where the server
// expects it (site-placement.ts), and every answer wrapped in the envelope `{code, success, request_id, data}`.
import type { ServerDescriptionSummary, BackEndSettings } from '../../../src-shared/contract/profiles.ts';
import { createHttpClient, type HttpClientOptions, type HttpRequest } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeHttpError, describeMalformedResponse } from '../http/status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { systemClock } from '../lifecycle/clock.ts';
import { errorNameIn, isSuccessCode, statusOfBusinessCode, statusOfErrorName } from '../wire/errors.ts';
import { describedOnce, describes, readApiDescription, type ApiDescription } from '../wire/openapi.ts';
import { fieldsOf, readBoolean, readId, readList, readRecord, type Fields } from '../wire/read.ts';
import { SUPPORT_API_PATH, normaliseSupportBaseUrl } from './base-url.ts';
import { supportDialect, SUPPORT_ERROR_NAME_PLACES } from './error-dialect.ts';
import { chooseSiteRoute, siteRouteIn, withSite, withoutSitePrefix, type SiteRoute } from './site-placement.ts';

export interface SupportSettings extends ConnectionSettings, Partial<Pick<BackEndSettings['support'], 'siteIn' | 'siteParameter'>> {
  /**
   * The profile's site, e.g. 'site-main', sent with every call. Without it the server answers for
   * the site the key is bound to, which only a first connection test should rely on.
   */
  site?: string;
}

export interface SupportResult<T> {
  data: T;
  requestId?: string;
}

export interface SupportSite {
  id: string;
  name?: string;
  /** Whether the site's open API channel is switched on. */
  apiChannel?: boolean;
  /** Every channel's switch (`api`, `web_widget`, …), when the server keys them by channel. */
  channels?: Record<string, boolean>;
}

export interface SupportMeta {
  /** The site the server says this call ran for. */
  site?: string;
  sites: SupportSite[];
  /** The channel switches of the site the call ran for, by channel, when the server keys them so. */
  channels?: Record<string, boolean>;
  scopes: string[];
  keyEnv?: string;
  keyType?: string;
}

/** What the server's /openapi.json said, read once per client. */
export interface SupportServerDescription {
  description: ApiDescription | null;
  siteRoute: SiteRoute;
}

export interface SupportClient {
  /** The profile's site, if it names one. */
  readonly site: string | undefined;
  /** Unwraps the envelope; a write must carry `idempotencyKey`. */
  call<T = unknown>(request: HttpRequest): Promise<SupportResult<T>>;
  getMeta(): Promise<SupportMeta>;
  /** The server's own description; a server without one is not an error. */
  describeServer(): Promise<SupportServerDescription>;
  close(): Promise<void>;
}

/** support.md, part 4: what a server following the document offers. */
export const SUPPORT_DOCUMENTED_ENDPOINTS = [
  'GET /meta', 'POST /chat', 'GET /chat/sessions/{id}', 'GET /kb/search', 'GET /kb/faq', 'POST /kb/faq',
  'GET /tickets', 'GET /tickets/{id}', 'POST /tickets', 'POST /tickets/{id}/messages', 'POST /tickets/{id}/reply',
  'POST /tickets/{id}/close', 'GET /contacts', 'POST /contacts', 'GET /contacts/{id}', 'PATCH /contacts/{id}',
  'POST /contacts/{id}/follows', 'GET /work', 'POST /work', 'GET /work/{id}', 'POST /work/{id}', 'POST /work/{id}/follows',
  'GET /webhooks', 'POST /webhooks', 'GET /analytics/overview', 'GET /logs/chats',
] as const;

/** The profile's base address is the site's root; the API lives under it. */
function apiUrlOf(baseUrl: string): string {
  return `${normaliseSupportBaseUrl(baseUrl)}${SUPPORT_API_PATH}`;
}

type EnvelopeReading = { ok: true; data: unknown; requestId?: string } | { ok: false; status: number; requestId?: string };

/**
 * The envelope, whatever types its fields arrive in: `code` 0, "0" or 200 and `success` true,
 * "true" or 1 are success; a failure may come inside an HTTP 200 with a business code (40301).
 */
export function readEnvelope(body: unknown, httpStatus: number): EnvelopeReading | undefined {
  const envelope = fieldsOf(body);
  if (!envelope) return undefined;
  const requestId = envelope.string('request_id', 'requestId', 'trace_id', 'traceId');
  const withId = requestId ? { requestId } : {};
  const success = envelope.boolean('success', 'ok');
  const code = envelope.raw('code', 'errcode', 'err_code', 'status_code');
  const name = errorNameIn(body, SUPPORT_ERROR_NAME_PLACES);
  const failed = success === false || (success === undefined && (!isSuccessCode(code) || (name !== undefined && !('data' in envelope.record))));
  if (!failed) {
    const isEnvelope = success !== undefined || code !== undefined || 'data' in envelope.record;
    // A server without the envelope sends the data bare.
    return { ok: true, data: isEnvelope ? envelope.raw('data', 'result') : body, ...withId };
  }
  const businessCode = envelope.number('code', 'errcode', 'err_code', 'status_code');
  const status =
    (businessCode === undefined ? undefined : statusOfBusinessCode(businessCode)) ??
    (name === undefined ? undefined : statusOfErrorName(supportDialect.refinements, name)) ??
    (httpStatus >= 400 ? httpStatus : 400);
  return { ok: false, status, ...withId };
}

/** A channel's name, as servers key their channel switches (`{api: false, web_widget: true}`), never a site id. */
const CHANNEL_NAME = /^(api|open_?api|api_?channel|web|web_?widget|widget|website|h5|wap|app|mobile|ios|android|wechat|weixin|wx|mini_?program|email|mail|sms|phone|chat|im)$/i;
const API_CHANNEL_NAMES = ['api', 'open_api', 'openapi', 'openApi', 'api_channel', 'apiChannel'] as const;

/** A switch: a flag or a word, or an object holding one (`{"enabled": false}`). */
function readSwitch(value: unknown): boolean | undefined {
  return readBoolean(value) ?? fieldsOf(value)?.boolean('enabled', 'open', 'on', 'status', 'state', 'value');
}

/** Switches keyed by channel: every channel whose state can be read. */
function channelSwitchesIn(switches: Fields | undefined): Record<string, boolean> | undefined {
  const read = Object.entries(switches?.record ?? {}).flatMap(([name, value]) => {
    const open = readSwitch(value);
    return open === undefined ? [] : [[name, open] as const];
  });
  return read.length > 0 ? Object.fromEntries(read) : undefined;
}

/** The API channel's switch among switches keyed by channel, or undefined when it is not among them. */
function apiSwitchIn(channels: Record<string, boolean> | undefined): boolean | undefined {
  return API_CHANNEL_NAMES.map((name) => channels?.[name]).find((open) => open !== undefined);
}

function keyedByChannel(switches: Fields | undefined, siteIds: readonly string[]): boolean {
  const names = Object.keys(switches?.record ?? {});
  return names.some((name) => CHANNEL_NAME.test(name)) && !names.some((name) => siteIds.includes(name));
}

function readSite(item: unknown, bySite: Fields | undefined): SupportSite | undefined {
  const site = fieldsOf(item);
  const id = site ? site.id('id', 'site_id', 'siteId', 'site', 'key', 'code') : readId(item);
  if (id === undefined) return undefined;
  const name = site?.string('name', 'title', 'label');
  const channels = channelSwitchesIn(site?.fields('channels', 'channel_switches', 'channelSwitches'));
  const apiChannel =
    site?.boolean('api_channel', 'apiChannel', 'channel_open', 'channel', 'open_api', 'api_enabled', 'enabled') ??
    apiSwitchIn(channels) ??
    readSwitch(bySite?.raw(id));
  return { id, ...(name !== undefined ? { name } : {}), ...(apiChannel !== undefined ? { apiChannel } : {}), ...(channels ? { channels } : {}) };
}

/**
 * /meta, read wherever its fields sit: under `key`, at the top of `data`, as a map or a list.
 * `askedSite` is the site the call was sent for: switches keyed by channel belong to the site the
 * call ran for, which a server that lists "sites, channel switches, current scopes" (support.md
 * part 4) may not name.
 */
export function readMeta(data: unknown, askedSite?: string): SupportMeta {
  const meta = fieldsOf(data);
  const key = meta?.fields('key', 'app', 'application', 'credential');
  const switches = meta?.fields('channels', 'channel_switches', 'channelSwitches', 'api_channels');
  const currentSite = meta?.fields('site', 'current_site');
  const site = meta?.id('site', 'site_id', 'siteId', 'current_site') ?? currentSite?.id('id', 'site_id');
  const listed = readList(meta?.raw('sites', 'site_list')) ?? [];
  const listedIds = listed.map((item) => fieldsOf(item)?.id('id', 'site_id', 'siteId', 'site', 'key', 'code') ?? readId(item)).filter((id): id is string => id !== undefined);
  // A map keyed by channel is the key's own site's switches; one keyed by site may name sites the list left out.
  const byChannel = keyedByChannel(switches, listedIds);
  const sites = listed.map((item) => readSite(item, byChannel ? undefined : switches)).filter((entry): entry is SupportSite => entry !== undefined);
  const ranFor = site ?? askedSite ?? (listedIds.length === 1 ? listedIds[0] : undefined);
  const ownSite = () => sites.find((entry) => entry.id === ranFor || entry.name === ranFor);
  if (byChannel) {
    const channels = channelSwitchesIn(switches);
    const apiChannel = apiSwitchIn(channels);
    const own = ownSite();
    if (own) {
      if (own.channels === undefined && channels) own.channels = channels;
      if (own.apiChannel === undefined && apiChannel !== undefined) own.apiChannel = apiChannel;
    } else if (ranFor !== undefined && channels) {
      sites.push({ id: ranFor, channels, ...(apiChannel !== undefined ? { apiChannel } : {}) });
    }
  } else {
    for (const id of Object.keys(switches?.record ?? {})) {
      const open = readSwitch(switches?.record[id]);
      if (open !== undefined && !sites.some((entry) => entry.id === id)) sites.push({ id, apiChannel: open });
    }
  }
  const ownChannels = ownSite()?.channels;
  const keyEnv = key?.string('env', 'environment', 'mode') ?? meta?.string('key_env', 'env', 'environment');
  const keyType = key?.string('type', 'app_type', 'kind') ?? meta?.string('key_type', 'app_type', 'type');
  return {
    ...(site !== undefined ? { site } : {}),
    sites,
    ...(ownChannels ? { channels: ownChannels } : {}),
    scopes: key?.strings('scopes', 'scope') ?? meta?.strings('scopes', 'current_scopes', 'scope') ?? [],
    ...(keyEnv ? { keyEnv } : {}),
    ...(keyType ? { keyType } : {}),
  };
}

/** What the description says against the document: how many operations, which documented ones are missing. */
export function summariseDescription(description: ApiDescription, route: SiteRoute): ServerDescriptionSummary {
  const operations = description.operations.map((operation) => ({ ...operation, path: withoutSitePrefix(operation.path, route) }));
  const stripped = { ...description, operations };
  return {
    operations: operations.length,
    missing: SUPPORT_DOCUMENTED_ENDPOINTS.filter((endpoint) => {
      const [method, path] = endpoint.split(' ') as [string, string];
      return !describes(stripped, method, path);
    }),
  };
}

/** A description read that could not reach the server is not tried again before every call for this long. */
export const UNREACHABLE_DESCRIPTION_MS = 60_000;

export function createSupportClient(
  settings: SupportSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): SupportClient {
  const http = createHttpClient({ ...settings, baseUrl: apiUrlOf(settings.baseUrl) }, getApiKey, logger, options);
  const readDescription = describedOnce(
    async () => readApiDescription((await http.request({ method: 'GET', path: '/openapi.json' })).data, SUPPORT_API_PATH) ?? null,
    { now: () => (options.clock ?? systemClock).now(), rememberMs: UNREACHABLE_DESCRIPTION_MS },
  );

  async function describeServer(): Promise<SupportServerDescription> {
    const description = await readDescription();
    return { description, siteRoute: chooseSiteRoute(settings, description ? siteRouteIn(description) : undefined) };
  }

  async function call<T>(request: HttpRequest): Promise<SupportResult<T>> {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.idempotencyKey === undefined) {
      throw new Error(`support ${request.method} ${request.path} needs an Idempotency-Key (one per user action)`);
    }
    const sent = settings.site ? withSite(request, settings.site, (await describeServer()).siteRoute) : request;
    const response = await http.request(sent);
    const envelope = readEnvelope(response.data, response.status);
    if (!envelope) {
      throw new ServiceFailure(describeMalformedResponse(supportDialect, response.status, 'unexpected_shape', response.requestId));
    }
    const requestId = envelope.requestId ?? response.requestId;
    if (!envelope.ok) throw new ServiceFailure(describeHttpError(supportDialect, envelope.status, response.data, requestId));
    return { data: envelope.data as T, ...(requestId ? { requestId } : {}) };
  }

  async function getMeta(): Promise<SupportMeta> {
    const { data } = await call({ method: 'GET', path: '/meta' });
    return readMeta(readRecord(data) ?? {}, settings.site);
  }

  return { site: settings.site, call, getMeta, describeServer, close: () => http.close() };
}
