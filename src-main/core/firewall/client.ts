// The firewall appliance REST API (firewall.md) under `https://<host>:9443/api/v1`.
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { normaliseFirewallBaseUrl } from './base-url.ts';
import { firewallDialect } from './error-dialect.ts';

export interface FirewallSystemStatus {
  version?: string;
  uptimeSeconds?: number;
  /** enterprise, data-center or free-waf; the free edition's API is read-only. */
  edition?: string;
  hostname?: string;
  model?: string;
  cpuPercent?: number;
  memoryPercent?: number;
  activeSessions?: number;
}

export interface FirewallClient {
  getSystemStatus(): Promise<FirewallSystemStatus>;
  close(): Promise<void>;
}

// The doc names version, uptime, CPU, memory and sessions without a shape; read what is there.
const statusSchema = z.looseObject({
  version: z.string().optional(),
  uptime_seconds: z.number().optional(),
  edition: z.string().optional(),
  hostname: z.string().optional(),
  model: z.string().optional(),
  cpu_percent: z.number().optional(),
  memory: z.looseObject({ percent: z.number().optional() }).optional(),
  sessions: z.looseObject({ active: z.number().optional() }).optional(),
});

export function createFirewallClient(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): FirewallClient {
  const http = createHttpClient({ ...settings, baseUrl: normaliseFirewallBaseUrl(settings.baseUrl) }, getApiKey, logger, options);

  async function getSystemStatus(): Promise<FirewallSystemStatus> {
    const response = await http.request({ method: 'GET', path: '/system/status' });
    const status = statusSchema.safeParse(response.data);
    if (!status.success) {
      throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
    }
    const s = status.data;
    return withoutUndefined({
      version: s.version,
      uptimeSeconds: s.uptime_seconds,
      edition: s.edition,
      hostname: s.hostname,
      model: s.model,
      cpuPercent: s.cpu_percent,
      memoryPercent: s.memory?.percent,
      activeSessions: s.sessions?.active,
    });
  }

  return { getSystemStatus, close: () => http.close() };
}
