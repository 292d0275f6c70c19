// The embeddings answers other servers give where the document says "not shown"
// (docs/api-assumptions.md, "embeddings dialects"), from a real HTTPS server that answers as each
// does: vectors in base64 whatever was asked, out of order, without `usage`, under other names; and
// a short answer refused whole.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import { embeddingToBase64 } from '../../sim/gateway-embeddings.ts';
import { createCertificateAuthority, issueServerCertificate } from '../../sim/certs.ts';
import { startHostileHttps, type HostileHttpsServer } from '../../sim/hostile-servers.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let answer: (texts: string[]) => unknown;
let asked: { encoding_format?: string }[] = [];
let server: HostileHttpsServer;
let opened: TestServices;
let services: AppServices;
let profileId: string;

const vectorOf = (text: string) => [text.length, 1, 0];

beforeAll(async () => {
  const ca = await createCertificateAuthority('Embeddings Dialects CA');
  server = await startHostileHttps(await issueServerCertificate(ca, { ips: ['127.0.0.1'] }), (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { input: string | string[]; encoding_format?: string };
      asked.push(parsed);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer(typeof parsed.input === 'string' ? [parsed.input] : parsed.input)));
    });
  });
  opened = await openTestServices();
  services = opened.services;
  profileId = (await services.profiles.save({ service: 'gateway', name: 'Other server', baseUrl: server.url, apiKey: 'sk-dialects-0123456789', trust: { mode: 'ca-only', caPem: ca.certPem }, settings: { rateTier: 600 } })).id;
});

afterAll(async () => {
  await opened?.dispose();
  await server?.close();
});

test('floats are asked for; base64 vectors, in any order, with no usage, are read in the order sent and count no tokens', async () => {
  asked = [];
  answer = (texts) => ({ data: texts.map((text, index) => ({ index, embedding: embeddingToBase64(vectorOf(text)) })).reverse() });
  const answered = await services.embeddings.vectors(profileId, 'nomic-embed', ['a', 'bbb']);
  expect(asked[0]).toMatchObject({ encoding_format: 'float' });
  expect(answered.vectors.map((vector) => [...vector])).toEqual([vectorOf('a'), vectorOf('bbb')]);
  expect(answered).toMatchObject({ dimensions: 3, promptTokens: null });
});

test('vectors under `embeddings` and `vector`, tokens under `usage.total_tokens`', async () => {
  answer = (texts) => ({ embeddings: texts.map((text, index) => ({ index, vector: vectorOf(text) })), usage: { total_tokens: 7 } });
  const answered = await services.embeddings.vectors(profileId, 'nomic-embed', ['cc', 'd']);
  expect(answered.vectors.map((vector) => [...vector])).toEqual([vectorOf('cc'), vectorOf('d')]);
  expect(answered.promptTokens).toBe(7);
});

test('an answer short of a vector, or with one of another length, is refused whole', async () => {
  answer = (texts) => ({ data: texts.slice(1).map((text, index) => ({ index, embedding: vectorOf(text) })) });
  const short = await services.embeddings.vectors(profileId, 'nomic-embed', ['e', 'f']).catch((error: unknown) => error);
  expect(short).toBeInstanceOf(ServiceFailure);
  expect((short as ServiceFailure).serviceError).toMatchObject({ code: 'malformed_response', params: { context: 'missing_vectors' } });
  answer = (texts) => ({ data: texts.map((text, index) => ({ index, embedding: index === 0 ? vectorOf(text) : [1, 2] })) });
  const uneven = await services.embeddings.vectors(profileId, 'nomic-embed', ['g', 'h']).catch((error: unknown) => error);
  expect((uneven as ServiceFailure).serviceError).toMatchObject({ code: 'malformed_response', params: { context: 'wrong_dimension' } });
});
