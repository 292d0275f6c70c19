// A key the gateway echoes back in an answer or an error is masked before the message is stored
// and when the conversation is exported as Markdown.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import type { SimDialect } from '../../sim/sim-server.ts';

let sims: Simulators;
let opened: TestServices;
let dataDir: string;
let services: AppServices;
// A key of no known shape, held by the app because a firewall profile uses it.
const otherKey = 'Appliance-Token-8d41c07be2f9';

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices();
  ({ services, dataDir } = opened);
  await services.profiles.save({ service: 'firewall', name: 'Held key', baseUrl: sims.firewall.url, apiKey: otherKey, trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { rateLimit: { requests: 20, windowSeconds: 1 } } });
});

afterEach(() => {
  sims.gateway.setStreamShape({});
  sims.gateway.setDialect('opsdesk');
});

afterAll(async () => {
  await opened.dispose();
  await sims.close();
});

async function answer(conversationId: string, text: string): Promise<ChatMessage> {
  const ended = new Promise<ChatMessage>((resolve) => {
    const listener = services.chat.onAnswerEnded((event) => {
      if (event.conversationId !== conversationId) return;
      listener.dispose();
      resolve(event.message);
    });
  });
  await services.chat.send(conversationId, text, randomUUID());
  return ended;
}

describe.each(['opsdesk', 'plain'] as SimDialect[])('keys echoed by the gateway, %s dialect', (dialect) => {
  test('are masked in stored answers, stored errors and the Markdown export', async () => {
    sims.gateway.setDialect(dialect);
    const key = sims.gateway.addKey();
    const profile = await services.profiles.save({ service: 'gateway', name: `Echo ${dialect}`, baseUrl: sims.gateway.url, apiKey: key, trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { rateTier: 600 } });
    const conversation = services.chat.updateConversation(services.chat.createConversation(profile.id).id, { model: 'gpt-4o-mini' });

    sims.gateway.setStreamShape({ text: `Your key ${key} and ${otherKey} look fine.` });
    expect((await answer(conversation.id, 'Check my setup')).content).toContain('look fine');
    sims.gateway.setStreamShape({ errorBodyAt200: { message: `Key ${key} is over quota (also ${otherKey})`, type: 'insufficient_quota', code: 'insufficient_quota' } });
    expect((await answer(conversation.id, 'Again')).error?.message).toContain('over quota');

    const file = path.join(dataDir, `export-${dialect}.md`);
    opened.platform.savePath = file;
    await services.chat.exportMarkdown(conversation.id);
    const written = [JSON.stringify(services.db.prepare('SELECT * FROM chat_messages').all()), await readFile(file, 'utf8')].join('\n');
    expect(written).toContain('look fine');
    expect(written).not.toContain(key);
    expect(written).not.toContain(otherKey);
  });
});
