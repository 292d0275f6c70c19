// The firewall appliance REST API (firewall.md) under `https://<host>:9443/api/v1`.
import type { ApplianceStatus } from '../../../src-shared/contract/firewall-admin.ts';
import type { ServerDescriptionSummary } from '../../../src-shared/contract/profiles.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeHttpError, describeMalformedResponse } from '../http/status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { describedOnce, describes, pathShape, readApiDescription, type ApiDescription } from '../wire/openapi.ts';
import { fieldsOf, readNumber, unwrappedFieldsOf, type Fields } from '../wire/read.ts';
import { normaliseFirewallBaseUrl } from './base-url.ts';
import { editionId } from './edition.ts';
import { firewallDialect } from './error-dialect.ts';

/** The appliance's status as read, the same shape the window gets. */
export type FirewallSystemStatus = ApplianceStatus;

export interface FirewallClient {
  getSystemStatus(): Promise<FirewallSystemStatus>;
  /** The appliance's OpenAPI 3.1 description, read once; null when it publishes none. */
  describeServer(): Promise<ApiDescription | null>;
  /** Any endpoint, for the feature folders (alerts/, blocklist/ …), which read its body with core/wire. */
  request: HttpClient['request'];
  /** A file at a link the appliance gave (a report's): the key goes only to the appliance's own address. */
  download(link: string): Promise<Download>;
  close(): Promise<void>;
}

export interface Download {
  bytes: Buffer;
  contentType: string | null;
}

/** A report's file is small; a link that sends more is not followed further. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** firewall.md, part 4: every resource answers GET (`/logs/search` only POST). */
export const FIREWALL_DOCUMENTED_ENDPOINTS = [
  'GET /system/status', 'GET /policies', 'GET /objects/addresses', 'GET /blocklist', 'GET /allowlist', 'GET /domains/rules',
  'GET /alerts', 'POST /logs/search', 'GET /devices', 'GET /honeypots', 'GET /reports',
] as const;

/** Where an object holding a figure keeps its percentage. */
const PERCENT_INSIDE = ['percent', 'usage', 'usage_percent', 'used_percent', 'percentage', 'utilization', 'pct', 'load', 'value', 'current'];

/**
 * A CPU or memory figure as a percentage: a number, a string (`"41.8%"`), or an object with the
 * percentage inside (`{percent}`, `{usage}`) or computed from `used` and `total`; never a byte count
 * taken for a percentage (docs/api-assumptions.md, "status figures").
 */
export function readPercent(value: unknown): number | undefined {
  const figure = fieldsOf(value);
  const percent = figure ? percentInside(figure) : readNumber(value);
  // A larger figure is a count (bytes, megabytes), not a share.
  return percent !== undefined && percent >= 0 && percent <= 100 ? percent : undefined;
}

function percentInside(figure: Fields): number | undefined {
  const inside = figure.number(...PERCENT_INSIDE);
  if (inside !== undefined) return inside;
  const used = figure.number('used', 'used_mb', 'used_bytes', 'usedMb');
  const total = figure.number('total', 'total_mb', 'total_bytes', 'totalMb');
  return used !== undefined && total !== undefined && total > 0 ? Math.round((used / total) * 1000) / 10 : undefined;
}

/** The doc names version, uptime, CPU, memory and sessions without a shape; each is read under any of its usual names. */
export function readSystemStatus(status: Fields): FirewallSystemStatus {
  return withoutUndefined({
    version: status.string('version', 'firmware_version', 'firmware', 'sw_version', 'software_version'),
    uptimeSeconds: status.number('uptime_seconds', 'uptime', 'uptimeSeconds', 'uptime_sec', 'uptime_s'),
    edition: status.string('edition', 'license_edition', 'product_edition', 'license'),
    hostname: status.string('hostname', 'host_name', 'name'),
    model: status.string('model', 'product_model', 'platform'),
    cpuPercent: readPercent(status.raw('cpu_percent', 'cpu', 'cpu_usage', 'cpuPercent', 'cpu_load')),
    memoryPercent: readPercent(status.raw('memory_percent', 'memory', 'mem', 'memory_usage', 'memoryPercent', 'mem_percent')),
    activeSessions: status.number('active_sessions', 'sessions', 'session_count', 'sessions_active', 'activeSessions', 'connections'),
    keyRole: status.string('key_role', 'role', 'api_role', 'keyRole') ?? status.fields('api_key', 'key', 'token')?.string('role', 'key_role'),
  });
}

/** What the description says against the document and the appliance's edition. */
export function summariseDescription(description: ApiDescription, edition: string | undefined): ServerDescriptionSummary {
  return {
    operations: description.operations.length,
    missing: FIREWALL_DOCUMENTED_ENDPOINTS.filter((endpoint) => {
      const [method, path] = endpoint.split(' ') as [string, string];
      if (!describes(description, method, path)) return true;
      const operation = description.operations.find((candidate) => candidate.method === method && pathShape(candidate.path) === pathShape(path));
      return edition !== undefined && operation?.editions !== undefined && !operation.editions.map(editionId).includes(editionId(edition));
    }),
  };
}

export function createFirewallClient(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): FirewallClient {
  const http = createHttpClient({ ...settings, baseUrl: normaliseFirewallBaseUrl(settings.baseUrl) }, getApiKey, logger, options);

  async function getSystemStatus(): Promise<FirewallSystemStatus> {
    const response = await http.request({ method: 'GET', path: '/system/status' });
    const status = unwrappedFieldsOf(response.data);
    if (!status) {
      throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
    }
    return readSystemStatus(status);
  }

  const describeServer = describedOnce(async () =>
    readApiDescription((await http.request({ method: 'GET', path: '/openapi.json' })).data, http.baseUrl.pathname.replace(/\/$/, '')) ?? null,
  );

  async function download(link: string): Promise<Download> {
    const url = new URL(link, http.baseUrl);
    if (url.protocol !== 'https:') throw new ServiceFailure(describeMalformedResponse(firewallDialect, 200, 'unexpected_shape', undefined));
    const own = url.origin === http.baseUrl.origin;
    try {
      const response = await http.fetch(url, { headers: own ? { authorization: `Bearer ${await http.apiKey()}` } : {} });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw new ServiceFailure(describeHttpError(firewallDialect, response.status, body, response.headers.get('x-request-id') ?? undefined));
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_DOWNLOAD_BYTES) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', undefined));
      return { bytes, contentType: response.headers.get('content-type') };
    } catch (error) {
      throw http.toServiceFailure(error);
    }
  }

  return { getSystemStatus, describeServer, request: http.request, download, close: () => http.close() };
}
