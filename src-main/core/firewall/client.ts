// The firewall appliance REST API (firewall.md) under `https://<host>:9443/api/v1`.
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, type HttpRequest, type HttpResponse } from '../http/client.ts';
import { describeMalformedResponse } from '../http/errors.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';

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
  call<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
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

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export function createFirewallClient(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): FirewallClient {
  const http = createHttpClient(settings, getApiKey, logger, options);

  async function getSystemStatus(): Promise<FirewallSystemStatus> {
    const response = await http.request({ method: 'GET', path: '/system/status' });
    const status = statusSchema.safeParse(response.data);
    if (!status.success) {
      throw new ServiceFailure(describeMalformedResponse('firewall', response.status, 'unexpected_shape', response.requestId));
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

  return { call: http.request, getSystemStatus, close: () => http.close() };
}
