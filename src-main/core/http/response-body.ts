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

function tooLarge(limits: BodyLimits): ServiceFailure {
  return new ServiceFailure(describeResponseTooLarge(limits.dialect, limits.status, limits.maxBytes));
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

