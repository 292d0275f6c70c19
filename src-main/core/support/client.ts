// The customer-support open API (support.md): `{base}/api/open/v1`, the site in `X-SVC-Site`, and
// every answer wrapped in the envelope `{code, success, request_id, data}`.
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, type HttpRequest } from '../http/client.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeHttpError, describeMalformedResponse } from '../http/status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { SUPPORT_API_PATH, normaliseSupportBaseUrl } from './base-url.ts';
import { supportDialect } from './error-dialect.ts';

export const SUPPORT_SITE_HEADER = 'X-SVC-Site';

export interface SupportSettings extends ConnectionSettings {
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
}

export interface SupportMeta {
  /** The site the server says this call ran for. */
  site?: string;
  sites: SupportSite[];
  scopes: string[];
  keyEnv?: string;
  keyType?: string;
}

export interface SupportClient {
  /** Unwraps the envelope; a write must carry `idempotencyKey`. */
  call<T = unknown>(request: HttpRequest): Promise<SupportResult<T>>;
  getMeta(): Promise<SupportMeta>;
  close(): Promise<void>;
}

// Tolerant: unknown fields pass, every field the client can do without is optional.
const envelopeSchema = z.looseObject({
  code: z.number().optional(),
  success: z.boolean().optional(),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

const metaSchema = z.looseObject({
  site: z.string().optional(),
  sites: z
    .array(z.looseObject({ id: z.string(), name: z.string().optional(), api_channel: z.boolean().optional() }))
    .optional(),
  key: z
    .looseObject({ env: z.string().optional(), type: z.string().optional(), scopes: z.array(z.string()).optional() })
    .optional(),
});

/** The profile's base address is the site's root; the API lives under it. */
function apiUrlOf(baseUrl: string): string {
  return `${normaliseSupportBaseUrl(baseUrl)}${SUPPORT_API_PATH}`;
}

export function createSupportClient(
  settings: SupportSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): SupportClient {
  const http = createHttpClient({ ...settings, baseUrl: apiUrlOf(settings.baseUrl) }, getApiKey, logger, options);

  async function call<T>(request: HttpRequest): Promise<SupportResult<T>> {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.idempotencyKey === undefined) {
      throw new Error(`support ${request.method} ${request.path} needs an Idempotency-Key (one per user action)`);
    }
    const response = await http.request({
      ...request,
      headers: { ...request.headers, ...(settings.site ? { [SUPPORT_SITE_HEADER]: settings.site } : {}) },
    });
    const envelope = envelopeSchema.safeParse(response.data);
    if (!envelope.success) {
      throw new ServiceFailure(describeMalformedResponse(supportDialect, response.status, 'unexpected_shape', response.requestId));
    }
    const requestId = envelope.data.request_id ?? response.requestId;
    if (envelope.data.success === false) {
      const code = envelope.data.code;
      const status = code !== undefined && code >= 400 ? code : response.status;
      throw new ServiceFailure(describeHttpError(supportDialect, status, envelope.data, requestId));
    }
    return { data: envelope.data.data as T, ...(requestId ? { requestId } : {}) };
  }

  async function getMeta(): Promise<SupportMeta> {
    const { data, requestId } = await call({ method: 'GET', path: '/meta' });
    const meta = metaSchema.safeParse(data ?? {});
    if (!meta.success) throw new ServiceFailure(describeMalformedResponse(supportDialect, 200, 'unexpected_shape', requestId));
    const { site, sites = [], key } = meta.data;
    return {
      ...(site ? { site } : {}),
      sites: sites.map((s) => ({
        id: s.id,
        ...(s.name !== undefined ? { name: s.name } : {}),
        ...(s.api_channel !== undefined ? { apiChannel: s.api_channel } : {}),
      })),
      scopes: key?.scopes ?? [],
      ...(key?.env ? { keyEnv: key.env } : {}),
      ...(key?.type ? { keyType: key.type } : {}),
    };
  }

  return { call, getMeta, close: () => http.close() };
}
