// Every secret OpsDesk holds (the three profile keys, a support webhook's signing secret, the
// firewall receiver's signing key and TLS private key) is registered with the redactor by the key
// store that read or saved it. Servers echo every one of them in every field they send; no prompt
// of any kind (triage, Ask the model from an address, a drafted reply, a summary, a call note, a
// chat with a pasted item) carries one to the gateway, and none is in the database, not even as the
// request id a support server makes of its caller's key.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { promptFields } from '../../../src-shared/contract/assistant.ts';
import { startSimulators, SUPPORT_API_PREFIX, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { expectEach } from '../../support/expect-each.ts';
import { firewallProfile } from '../../support/firewall-profile.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { supportProfile } from '../../support/support-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const source = '203.0.113.50';
let sims: Simulators;
let opened: TestServices;
let services: AppServices;
let firewallId: string;
let supportId: string;
let supportKey: string;
let secrets: string[];
let ticketIds: string[];

/** A visitor's ticket and follow-up, an FAQ entry: the support site's own data, made through its API and not through OpsDesk. */
async function onSite(method: 'POST', apiPath: string, json: unknown): Promise<{ id: string }> {
  const agent = trustingAgent(sims.ca.certPem);
  try {
    const answer = await call(agent, `${sims.support.url}${SUPPORT_API_PREFIX}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${supportKey}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
      json,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data;
  } finally {
    await agent.close();
  }
}

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices();
  services = opened.services;
  supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
  firewallId = (await services.profiles.save(firewallProfile({ name: 'Firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.operations, caPem: sims.ca.certPem, requestsPerSecond: 100 }))).id;
  supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey, caPem: sims.ca.certPem, ratePerMinute: 100_000 }))).id;
  services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...promptFields], bulkLimit: 20 });

  const { secret: webhookSecret } = await services.supportWebhooks.register(supportId, 'https://127.0.0.1:1/hooks', ['contact.updated']);
  const signingKey = `fw-receiver-signing-${randomUUID()}`;
  const privateKeyPem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await services.firewall.webhooks.save({ profileId: firewallId, enabled: false, host: '127.0.0.1', port: 9444, applianceAddress: '127.0.0.1', signingKey, privateKeyPem });
  secrets = [sims.gateway.keys.demo, sims.firewall.keys.operations, supportKey, webhookSecret, signingKey, privateKeyPem];

  // Every string field of an alert, and every text a ticket carries, echoes one secret each.
  for (const secret of secrets) {
    sims.firewall.addAlerts(1, { src_ip: source, message: `login failed ${secret}`, signature: `ET ${secret}`, device_id: secret, payload_excerpt: secret, rule_id: secret });
  }
  await services.firewall.syncNow(firewallId);
  ticketIds = [];
  for (const secret of secrets) {
    const subject = `Echo ${secret.slice(0, 150)}`;
    const ticket = await onSite('POST', '/tickets', { subject, message: `I pasted ${secret} here`, visitor: { name: `Visitor ${secret.slice(0, 150)}`, email: 'visitor@example.com' } });
    await onSite('POST', `/tickets/${ticket.id}/messages`, { text: `And again: ${secret}` });
    await onSite('POST', '/kb/faq', { question: subject, answer: `The answer is ${secret}` });
    ticketIds.push(ticket.id);
  }
});

afterAll(async () => {
  await opened.dispose();
  await sims.close();
});

/** The forms a secret takes in text: as it is, and inside a JSON string (a PEM's line breaks escaped). */
const formsOf = (secret: string) => [...new Set([secret, JSON.stringify(secret).slice(1, -1)])];

/** `start` returns at once, before its answer streams: listening after it misses nothing. */
function conversationAnswered(start: () => { id: string }): Promise<void> {
  const { id } = start();
  return new Promise((resolve) => {
    const listening = services.chat.onAnswerEnded(({ conversationId }) => {
      if (conversationId !== id) return;
      listening.dispose();
      resolve();
    });
  });
}

function draftEnded(start: (taskId: string) => Promise<unknown>): Promise<void> {
  const taskId = randomUUID();
  return new Promise((resolve, reject) => {
    const listening = services.drafting.onDraftEnded((ended) => {
      if (ended.taskId !== taskId) return;
      listening.dispose();
      resolve();
    });
    start(taskId).catch(reject);
  });
}

test('no prompt of any kind carries a secret OpsDesk holds, whatever the servers echo', async () => {
  const sent = sims.gateway.chatBodies.length;
  const alertIds = services.firewall.alerts.query({ profileId: firewallId, filter: { cells: [] }, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 50 }).rows.map((alert) => alert.id);
  expect(alertIds).toHaveLength(secrets.length);

  await conversationAnswered(() => services.triage.start({ profileId: firewallId, alertIds: [alertIds[0]!], includeRelated: true, taskId: randomUUID() }));
  await conversationAnswered(() => services.triage.start({ profileId: firewallId, alertIds: [], address: source, includeRelated: false, taskId: randomUUID() }));
  for (const ticketId of ticketIds) {
    await draftEnded((taskId) => services.drafting.draftReply(supportId, ticketId, taskId));
    await draftEnded((taskId) => services.drafting.summariseTicket(supportId, ticketId, taskId));
  }
  await draftEnded(async (taskId) => services.drafting.shortenCallNote(`Caller read out ${secrets.join(' and ')}`, taskId));
  const gatewayId = services.assistantSettings.state().profileId!;
  const conversation = services.chat.updateConversation(services.chat.createConversation(gatewayId).id, { model: 'gpt-4o-mini' });
  await conversationAnswered(() => services.chat.send(conversation.id, `What does this item mean?\n\n${secrets.join('\n')}`, randomUUID()));

  const bodies = sims.gateway.chatBodies.slice(sent);
  expect(bodies).toHaveLength(2 + 2 * ticketIds.length + 2);
  // Each prompt did carry what the servers sent, with the secrets masked in it.
  expectEach(bodies, (body) => body.includes('[redacted]'), 'carry the echoed text, masked');
  for (const secret of secrets) expectEach(bodies, (body) => formsOf(secret).every((form) => !body.includes(form)), `hold no ${secret.slice(0, 12)}…`);
});

test('no secret is stored, not even as the request id a server makes of the caller key', async () => {
  sims.support.requestIdsEchoKey = true;
  try {
    const reply = await services.support.tickets.replyToTicket(supportId, ticketIds[0]!, 'We are looking into it.');
    expect(reply.state).toBe('sent');
  } finally {
    sims.support.requestIdsEchoKey = false;
  }
  const logged = services.activity.list({ actions: ['replyToTicket'] }, 0, 1).rows;
  expect(logged).toEqual([expect.objectContaining({ outcome: 'sent', requestId: 'req_[redacted]' })]);

  const files = (await readdir(opened.dataDir)).filter((file) => file.startsWith('opsdesk.sqlite'));
  const stored = (await Promise.all(files.map((file) => readFile(path.join(opened.dataDir, file), 'latin1')))).join('');
  expect(stored).toContain('[redacted]');
  for (const secret of secrets) for (const form of formsOf(secret)) expect(stored.includes(form), `${secret.slice(0, 12)}… on disk`).toBe(false);
});
