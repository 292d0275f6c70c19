// A hostile gateway that streams a 50 MB answer: reading stops at the first MiB of text kept of an
// answer (said so, long before the profile's 32 MiB cap), and main's memory grows by far less than the stream.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { KEPT_ANSWER_CHARS } from '../../../src-main/core/gateway/chat/answer-stream.ts';
import { createCertificateAuthority, issueServerCertificate, type CertificateAuthority } from '../../sim/certs.ts';
import { eventStreamAnswer, startHostileHttps, type HostileHttpsServer } from '../../sim/hostile-servers.ts';
import { captureLog } from '../http/fixtures.ts';
import { openTestServices } from '../../support/test-services.ts';
import { peakGrowth } from '../../support/peak-growth.ts';

const MiB = 1024 * 1024;
const STREAM_BYTES = 50_000_000;
const KEY = 'sk-answer-size-cap-test-key-0123456789';
const log = captureLog();
let ca: CertificateAuthority;
let server: HostileHttpsServer;
let dataDir: string;
let services: AppServices;

/** Valid chat chunks of 1,000 characters each, 50 MB of them, never finished. */
function hugeAnswer(): Readable {
  const frame = Buffer.from(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'x'.repeat(1000) }, finish_reason: null }] })}\n\n`);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= STREAM_BYTES) return void this.push(null);
      sent += frame.length * 64;
      this.push(Buffer.concat(Array.from({ length: 64 }, () => frame)));
    },
  });
}

beforeAll(async () => {
  ca = await createCertificateAuthority('Answer Cap CA');
  server = await startHostileHttps(await issueServerCertificate(ca, { ips: ['127.0.0.1'] }), eventStreamAnswer(hugeAnswer));
  ({ services, dataDir } = await openTestServices({ logger: log.logger }));
});

afterAll(async () => {
  await services.dispose();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  log.expectNoneOf([KEY]);
});

test('a 50 MB answer stream is cut at its first MiB of text, marked cut, and main stays within 64 MiB', async () => {
  const profile = await services.profiles.save({ service: 'gateway', name: 'Hostile', baseUrl: server.url, apiKey: KEY, trust: { mode: 'ca-only', caPem: ca.certPem }, settings: { rateTier: 600 } });
  const conversation = services.chat.updateConversation(services.chat.createConversation(profile.id).id, { model: 'gpt-4o-mini', stream: true });
  const { bytes, result: message } = await peakGrowth(async () => {
    const ended = new Promise<ChatMessage>((resolve) => {
      const listener = services.chat.onAnswerEnded((event) => {
        if (event.conversationId !== conversation.id) return;
        listener.dispose();
        resolve(event.message);
      });
    });
    await services.chat.send(conversation.id, 'Say a lot', randomUUID());
    return ended;
  });
  expect(message).toMatchObject({ outcome: 'failed', error: { code: 'response_too_large', params: { context: 'answer_cut', keptChars: KEPT_ANSWER_CHARS } } });
  expect(message.error?.message).toContain('longer than the 1,048,576 characters OpsDesk keeps of one');
  expect(message.content).toHaveLength(KEPT_ANSWER_CHARS);
  const stored = services.chat.conversation(conversation.id).latestMessages.at(-1);
  expect(stored?.content).toHaveLength(KEPT_ANSWER_CHARS);
  expect(bytes).toBeLessThan(64 * MiB);
}, 60_000);
