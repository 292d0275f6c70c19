// The model gateway (gateway.md) through the official openai SDK, over the profile's HTTP core.
import OpenAI from 'openai';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http/client.ts';
import { parseJsonBody } from '../http/response-body.ts';
import { parseRetryAfter } from '../http/retry.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeHttpError, describeMalformedResponse, requestIdFrom } from '../http/status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { readList, readRecord, readRecords, type Fields, type ReadRecords } from '../wire/read.ts';
import type { GatewayModelInfo } from '../../../src-shared/contract/gateway.ts';
import { normaliseGatewayBaseUrl } from './base-url.ts';
import { kindsByName, kindsStated } from './model-kinds.ts';
import { describeStreamError, gatewayDialect } from './error-dialect.ts';

/** A body as it came, for files the gateway hands out (an image at a URL). */
export interface FetchedFile {
  bytes: Buffer;
  contentType: string;
}

export interface GatewayClient {
  /** For endpoints beyond this module; map its errors with `toServiceFailure`. */
  readonly openai: OpenAI;
  /** The longest an answer may take, as the connection sets it; undefined: the default of what the answer is for. */
  readonly answerDeadlineMs: number | undefined;
  /** The key's models, and how many entries were left out for want of a usable id. */
  listModels(): Promise<ReadRecords<GatewayModelInfo>>;
  /**
   * GETs a file the gateway pointed to, over this profile's connection (its trust, proxy and size
   * cap). The key goes along only to the gateway's own origin: an image URL on a storage host must
   * not receive it.
   */
  fetchFile(url: string, signal?: AbortSignal): Promise<FetchedFile>;
  /**
   * POSTs a multipart form to an endpoint (`/audio/transcriptions`); `onProgress` is told how many
   * bytes of the encoded body have been handed to the connection. Resolves with the parsed JSON body,
   * or the text of a text/plain answer.
   */
  postForm(path: string, form: FormData, onProgress: (sentBytes: number, totalBytes: number) => void, signal?: AbortSignal): Promise<unknown>;
  toServiceFailure(error: unknown): ServiceFailure;
  close(): Promise<void>;
}

// Far longer than any model name a gateway gives: a longer id is not a name to show or send on.
const MAX_MODEL_ID_LENGTH = 256;

/** One entry of the model list (its shape is "not shown"): refused only without a usable id. */
export function readModel(model: Fields): GatewayModelInfo | undefined {
  const id = model.id('id', 'model', 'name', 'model_id');
  if (id === undefined || id.length > MAX_MODEL_ID_LENGTH) return undefined;
  const ownedBy = model.string('owned_by', 'ownedBy', 'owner', 'provider', 'vendor');
  const stated = kindsStated(model);
  const kinds = stated.length > 0 ? { kinds: stated, kindsFrom: 'gateway' as const } : { kinds: kindsByName(id), kindsFrom: 'name' as const };
  return { id, ...(ownedBy ? { ownedBy } : {}), ...kinds };
}

/** The doc allows a base address with or without the version segment; the SDK wants it with. */
function apiUrlOf(baseUrl: string): string {
  const normalised = normaliseGatewayBaseUrl(baseUrl);
  return normalised.endsWith('/v1') ? normalised : `${normalised}/v1`;
}

function sdkLogger(logger: Logger): OpenAI['logger'] {
  const forward = (write: (message: string) => void) => (message: string) => write(`openai: ${message}`);
  return {
    error: forward((message) => logger.error(message)),
    warn: forward((message) => logger.warn(message)),
    info: forward((message) => logger.debug(message)),
    debug: forward((message) => logger.debug(message)),
  };
}

export function createGatewayClient(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): GatewayClient {
  const http: HttpClient = createHttpClient(
    { ...settings, baseUrl: apiUrlOf(settings.baseUrl) },
    getApiKey,
    logger,
    options,
  );
  const openai = new OpenAI({
    apiKey: () => http.apiKey(),
    baseURL: http.baseUrl.href,
    fetch: http.fetch,
    // The HTTP core already retries with the profile's policy and rate limit; the SDK must not add its own.
    maxRetries: 0,
    // Explicit, so that OPENAI_* variables of the environment cannot add headers to our requests.
    organization: null,
    project: null,
    logger: sdkLogger(logger.child({ service: 'gateway' })),
    logLevel: 'warn',
  });

  function toServiceFailure(error: unknown): ServiceFailure {
    // Our own failure, possibly wrapped by the SDK (a connection error's or a key callback's cause).
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      if (current instanceof ServiceFailure) return current;
    }
    // An error event inside a 200 stream (`data: {"error":{…}}`): the SDK raises it without a status.
    if (error instanceof OpenAI.APIError && error.status === undefined && !(error instanceof OpenAI.APIConnectionError) && readRecord(error.error)) {
      return new ServiceFailure(describeStreamError(error.error, error.requestID ?? undefined), { cause: error });
    }
    if (error instanceof OpenAI.APIError && error.status !== undefined && error.headers) {
      const retryAfterMs = parseRetryAfter(error.headers.get('retry-after') ?? undefined);
      return new ServiceFailure(
        describeHttpError(gatewayDialect, error.status, { error: error.error }, error.requestID ?? undefined, retryAfterMs),
        { cause: error },
      );
    }
    return http.toServiceFailure(error instanceof OpenAI.APIConnectionError ? error.cause : error);
  }

  async function listModels(): Promise<ReadRecords<GatewayModelInfo>> {
    try {
      // Read as sent, not through the SDK's page type: a server may list under `models` or `items`.
      // And by what the body holds, not its label: JSON sent as text/plain is a list, a login page is not.
      const response = await openai.get('/models').asResponse();
      const requestId = requestIdFrom(undefined, Object.fromEntries(response.headers));
      const body = parseJsonBody(Buffer.from(await response.arrayBuffer()), undefined, { dialect: gatewayDialect, status: response.status, requestId });
      const list = readRecord(body)?.['models'] ?? body;
      // A JSON body with no list in it is not "no models": it is not a model list at all.
      if (readList(list) === undefined) throw new ServiceFailure(describeMalformedResponse(gatewayDialect, response.status, 'unexpected_shape', requestId));
      return readRecords(list, readModel);
    } catch (error) {
      throw toServiceFailure(error);
    }
  }

  async function failureOf(response: Response): Promise<ServiceFailure> {
    const requestId = requestIdFrom(undefined, Object.fromEntries(response.headers));
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after') ?? undefined);
    return new ServiceFailure(describeHttpError(gatewayDialect, response.status, body, requestId, retryAfterMs));
  }

  async function fetchFile(url: string, signal?: AbortSignal): Promise<FetchedFile> {
    try {
      const target = new URL(url);
      // A key never travels in clear text, and nothing but https is fetched for the window.
      if (target.protocol !== 'https:') throw new ServiceFailure(describeMalformedResponse(gatewayDialect, 200, 'unexpected_shape', undefined));
      const headers = new Headers({ accept: 'image/*' });
      if (target.origin === http.baseUrl.origin) headers.set('authorization', `Bearer ${await http.apiKey()}`);
      const response = await http.fetch(target, { method: 'GET', headers, signal: signal ?? null });
      if (!response.ok) throw await failureOf(response);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' };
    } catch (error) {
      throw toServiceFailure(error);
    }
  }

  async function postForm(path: string, form: FormData, onProgress: (sentBytes: number, totalBytes: number) => void, signal?: AbortSignal): Promise<unknown> {
    try {
      // Encoded once, up front: the size is known for the progress, and Content-Length is sent.
      const encoded = new Response(form);
      const contentType = encoded.headers.get('content-type')!;
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const piece = 64 * 1024;
      let sent = 0;
      onProgress(0, bytes.length);
      // Handed over piece by piece as the connection pulls them, so the count follows the upload.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.length) {
            controller.close();
            return;
          }
          const next = bytes.subarray(sent, Math.min(sent + piece, bytes.length));
          sent += next.length;
          controller.enqueue(next);
          onProgress(sent, bytes.length);
        },
      });
      const headers = new Headers({
        accept: 'application/json',
        authorization: `Bearer ${await http.apiKey()}`,
        'content-type': contentType,
        'content-length': String(bytes.length),
      });
      const url = new URL(http.baseUrl.href.replace(/\/+$/, '') + path);
      const response = await http.fetch(url, { method: 'POST', headers, body, signal: signal ?? null, duplex: 'half' } as RequestInit);
      if (!response.ok) throw await failureOf(response);
      const requestId = requestIdFrom(undefined, Object.fromEntries(response.headers));
      const answer = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      if (/^text\/plain/i.test(type)) return answer.toString('utf8');
      return parseJsonBody(answer, type, { dialect: gatewayDialect, status: response.status, requestId });
    } catch (error) {
      throw toServiceFailure(error);
    }
  }

  return { openai, answerDeadlineMs: settings.timeouts.answerMs, listModels, fetchFile, postForm, toServiceFailure, close: () => http.close() };
}
