// Servers that answer, but badly: an event stream that never ends a line or never ends at all (a
// gzip bomb), broken event JSON, headers past undici's limit. Each is refused with its own code,
// and main's memory stays bounded while it happens.
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../src-main/core/gateway/client.ts';
import { createHttpClient } from '../../../src-main/core/http/client.ts';
import type { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import { createCertificateAuthority, issueServerCertificate, type CertificateAuthority, type Pem } from '../../sim/certs.ts';
import { eventStreamAnswer, repeatedBytes, startHostileHttps, type HostileHttpsServer } from '../../sim/hostile-servers.ts';
import { captureLog, failureOf, settingsFor } from './fixtures.ts';
import { peakGrowth } from '../../support/peak-growth.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const KEY = 'sk-hostile-answers-test-key-0123456789';
const log = captureLog();
let ca: CertificateAuthority;
let leaf: Pem;
const servers: HostileHttpsServer[] = [];
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  ca = await createCertificateAuthority('Hostile Test CA');
  leaf = await issueServerCertificate(ca, { ips: ['127.0.0.1'] });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

afterAll(() => log.expectNoneOf([KEY]));

async function serve(answer: Parameters<typeof startHostileHttps>[1]): Promise<string> {
  const server = await startHostileHttps(leaf, answer);
  servers.push(server);
  return server.url;
}

/** A gateway client as the app opens it: its stream cap is the profile's response cap (32 MiB in the app). */
function gateway(url: string, maxResponseBytes = 32 * MiB): GatewayClient {
  const client = createGatewayClient(
    settingsFor('gateway', url, { mode: 'ca-only', caPem: ca.certPem }, { maxResponseBytes }),
    async () => KEY,
    log.logger,
  );
  clients.push(client);
  return client;
}

/** Streams a chat answer to its end, as a chat view would; resolves with how it failed. */
async function streamChat(client: GatewayClient): Promise<unknown> {
  try {
    const stream = await client.openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
    for await (const _chunk of stream) {
      // Each chunk is dropped: only how the stream ends matters here.
    }
  } catch (error) {
    throw client.toServiceFailure(error);
  }
  throw new Error('the stream should have failed');
}

/** The stream's outcome (undefined, or what it threw) and how much memory it took on the way. */
const peakGrowthOfStream = async (stream: () => Promise<unknown>) => {
  const { bytes, result: outcome } = await peakGrowth(() => stream().then(() => undefined, (error: unknown) => error));
  return { bytes, outcome };
};

describe('event streams are capped', () => {
  it('a gzip answer that inflates to 1 GiB with no newline stops at the line cap, and memory stays bounded', async () => {
    const client = gateway(await serve(eventStreamAnswer(() => repeatedBytes('a', GiB), 'gzip')));
    const { bytes, outcome } = await peakGrowthOfStream(() => streamChat(client));
    expect(outcome).toMatchObject({ serviceError: { service: 'gateway', code: 'response_too_large', retryable: false } });
    expect((outcome as ServiceFailure).serviceError.message).toMatch(/line longer than 1,048,576 bytes/);
    expect(bytes).toBeLessThan(64 * MiB);
  }, 30_000);

  it('a 100 MB line is refused at the line cap, long before its end', async () => {
    const oneLine = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('data: ');
          yield* repeatedBytes('x', 100_000_000);
        })(),
      );
    const client = gateway(await serve(eventStreamAnswer(oneLine)));
    const { bytes, outcome } = await peakGrowthOfStream(() => streamChat(client));
    expect(outcome).toMatchObject({ serviceError: { code: 'response_too_large' } });
    expect(bytes).toBeLessThan(64 * MiB);
  }, 30_000);

  it("a stream of short lines that never ends stops at the profile's response cap", async () => {
    const events = Buffer.from('data: {"id":"c","object":"chat.completion.chunk","choices":[]}\n\n'.repeat(16_384));
    const endless = () =>
      Readable.from(
        (function* () {
          for (;;) yield events;
        })(),
      );
    const client = gateway(await serve(eventStreamAnswer(endless, 'gzip')), 4 * MiB);
    const error = await failureOf(streamChat(client));
    expect(error).toMatchObject({ code: 'response_too_large' });
    expect(error.message).toContain('4,194,304-byte limit');
  }, 30_000);

  it('an event whose data is not JSON is malformed_response, not "could not be reached"', async () => {
    const client = gateway(await serve(eventStreamAnswer(() => Readable.from(['data: {"id":"c","choices":[{"delta":{"content":"Hi"\n\n']))));
    const error = await failureOf(streamChat(client));
    expect(error).toMatchObject({ service: 'gateway', code: 'malformed_response', retryable: false });
    expect(error.message).toMatch(/event in its streamed answer that is not valid JSON/);
    expect(error.message).not.toContain('"Hi"');
  });
});

describe('answers with unusable headers', () => {
  it('response headers over 16 KiB are response_headers_too_large, naming the limit', async () => {
    const url = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'p'.repeat(20 * 1024) }).end('{}'));
    const client = createHttpClient(settingsFor('firewall', url, { mode: 'ca-only', caPem: ca.certPem }), async () => KEY, log.logger);
    clients.push(client);
    const error = await failureOf(client.request({ method: 'GET', path: '/system/status' }));
    expect(error).toMatchObject({ service: 'firewall', code: 'response_headers_too_large', retryable: false });
    expect(error.message).toMatch(/headers larger than 16 KB/);
  });
});
