// Reading a response body within the profile's size and time limits, and parsing it as JSON.
import type { ErrorDialect } from './error-dialect.ts';
import { describeResponseTooLarge } from './local-errors.ts';
import { ServiceFailure } from './service-failure.ts';
import { describeMalformedResponse } from './status-errors.ts';

export interface BodyLimits {
  dialect: ErrorDialect;
  status: number;
  maxBytes: number;
}

/** An event-stream line longer than this is refused: an SDK holds a whole line in memory until it ends. */
export const MAX_EVENT_STREAM_LINE_BYTES = 1024 * 1024;

function tooLarge(limits: BodyLimits, what: 'response' | 'line' = 'response'): ServiceFailure {
  const limit = what === 'line' ? MAX_EVENT_STREAM_LINE_BYTES : limits.maxBytes;
  return new ServiceFailure(describeResponseTooLarge(limits.dialect, limits.status, limit, what));
}

/** Reads the whole body, giving up as soon as it exceeds the limit (or announces that it will). */
export async function readCappedBody(
  body: AsyncIterable<Uint8Array>,
  declaredLength: string | null | undefined,
  limits: BodyLimits,
): Promise<Buffer<ArrayBuffer>> {
  if (declaredLength != null && Number(declaredLength) > limits.maxBytes) {
    await body[Symbol.asyncIterator]().return?.();
    throw tooLarge(limits);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limits.maxBytes) throw tooLarge(limits);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * An event stream passed on as it arrives (after any gzip is undone), failed with
 * response_too_large once it exceeds the profile's size limit or a line exceeds the line limit.
 */
export function capEventStream(body: ReadableStream<Uint8Array>, limits: BodyLimits): ReadableStream<Uint8Array> {
  let total = 0;
  let lineBytes = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limits.maxBytes) return controller.error(tooLarge(limits));
        for (let index = 0; index < chunk.length; index++) {
          const byte = chunk[index];
          // SSE ends a line with LF, CR or CRLF.
          if (byte === 0x0a || byte === 0x0d) lineBytes = 0;
          else if (++lineBytes > MAX_EVENT_STREAM_LINE_BYTES) return controller.error(tooLarge(limits, 'line'));
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/** The body as JSON; null when empty. An HTML page or broken JSON becomes `malformed_response`. */
export function parseJsonBody(
  bytes: Buffer,
  contentType: string | undefined,
  context: { dialect: ErrorDialect; status: number; requestId: string | undefined },
): unknown {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return null;
  const malformed = (shape: 'html' | 'not_json') =>
    new ServiceFailure(describeMalformedResponse(context.dialect, context.status, shape, context.requestId));
  if (contentType?.toLowerCase().includes('text/html') || /^\s*</.test(text)) throw malformed('html');
  try {
    return JSON.parse(text);
  } catch {
    throw malformed('not_json');
  }
}

