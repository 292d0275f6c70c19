// The webhook receiver as the appliance meets it: signed pushes from its address are answered at
// once and trigger a sync; anything else is refused; a repeated event id is handled once, also
// after a restart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, request } from 'undici';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { issueServerCertificate, signBody, startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, cachedAlertIds, openWorkspace, sorted, simulatorAlertIds, type Workspace } from './firewall-fixture.ts';
import { pushEveryOutcome, everyOutcome } from '../../support/firewall-pushes.ts';
import { freePort } from '../../support/free-port.ts';
import { expectEach } from '../../support/expect-each.ts';

const clock = new FakeClock();
const keyStore = new SessionKeyStore('test');
let sims: Simulators;
let workspace: Workspace;
let profileId: string;
let port: number;
let agent: Agent;
const secret = 'whsec-test-signing-key';

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 200 });
  workspace = await openWorkspace(clock, { keyStore });
  profileId = await addFirewallProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(profileId));
  const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
  port = await freePort();
  const saved = await workspace.api.firewall.saveWebhook({
    profileId, enabled: true, host: '127.0.0.1', port, applianceAddress: '127.0.0.1', signingKey: secret, certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem,
  });
  expect(saved.ok && saved.data).toMatchObject({ enabled: true, listening: true, hasSigningKey: true, hasCertificate: true });
  sims.firewall.setWebhook({ url: `https://127.0.0.1:${port}/hook`, secret });
  agent = new Agent({ connect: { ca: sims.ca.certPem } });
});
afterAll(async () => {
  sims.firewall.setWebhook(null);
  await agent.close();
  await workspace.close();
  await sims.close();
});

const post = async (body: string, headers: Record<string, string> = {}) =>
  (await request(`https://127.0.0.1:${port}/hook`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, dispatcher: agent })).statusCode;

describe('webhook receiver', () => {
  it('answers the appliance\'s signed push with 2xx and syncs the new alerts into the cache', async () => {
    sims.firewall.addAlerts(3);
    await sims.firewall.webhooksIdle();
    const deliveries = sims.firewall.webhookDeliveries.filter((delivery) => delivery.event === 'alert.created');
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expectEach(deliveries, (delivery) => delivery.status === 200 && delivery.attempt === 1, 'be answered 200 at the first attempt');
    const expected = sorted(await simulatorAlertIds(sims));
    await clock.run(new Promise<void>((resolve) => {
      const check = () => sorted(cachedAlertIds(workspace.services, profileId)).join() === expected.join();
      if (check()) return resolve();
      const subscription = workspace.services.firewall.alerts.onCacheChanged(() => {
        if (check()) {
          subscription.dispose();
          resolve();
        }
      });
    }));
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(expected);
  });

  it('refuses a wrong signature, a body that is not a push, and an oversized body', async () => {
    const body = JSON.stringify({ event: 'alert.created', id: 'evt_forged', occurred_at: new Date().toISOString(), data: {} });
    expect(await post(body, { 'x-fw-signature': signBody('not the key', body) })).toBe(401);
    expect(await post(body)).toBe(401);
    const notAPush = JSON.stringify({ hello: 'world' });
    expect(await post(notAPush, { 'x-fw-signature': signBody(secret, notAPush) })).toBe(400);
    const huge = JSON.stringify({ event: 'alert.created', id: 'evt_huge', data: { blob: 'x'.repeat(400_000) } });
    expect(await post(huge, { 'x-fw-signature': signBody(secret, huge) })).toBe(413);
  });

  it('refuses a signed push captured and replayed eight days later with a 4xx, the reason in the delivery list', async () => {
    const body = JSON.stringify({ event: 'block.created', id: 'evt_replayed', occurred_at: new Date(clock.now() - 8 * 86_400_000).toISOString(), data: { ip: '192.0.2.9' } });
    expect(await post(body, { 'x-fw-signature': signBody(secret, body) })).toBe(400);
    const status = await workspace.api.firewall.webhook({ profileId });
    expect(status.ok && status.data.deliveries.recent[0]).toMatchObject({ outcome: 'refused', refusal: 'too_old', event: 'block.created', eventId: 'evt_replayed', profileId });
  });

  it('handles a repeated event id once, across a restart too', async () => {
    const runs: string[] = [];
    const original = workspace.services.firewall.syncNow.bind(workspace.services.firewall);
    workspace.services.firewall.syncNow = async (id) => {
      runs.push(id);
      return original(id);
    };
    const body = JSON.stringify({ event: 'block.created', id: 'evt_once', occurred_at: new Date().toISOString(), data: { ip: '192.0.2.1' } });
    const signature = { 'x-fw-signature': signBody(secret, body) };
    expect(await post(body, signature)).toBe(200);
    expect(await post(body, signature)).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual([profileId]);
    workspace.services.firewall.syncNow = original;

    await workspace.services.dispose();
    workspace = await openWorkspace(clock, { dataDir: workspace.dataDir, keyStore });
    const restartedRuns: string[] = [];
    const restarted = workspace.services.firewall.syncNow.bind(workspace.services.firewall);
    workspace.services.firewall.syncNow = async (id) => {
      restartedRuns.push(id);
      return restarted(id);
    };
    await workspace.services.firewall.start();
    expect(await post(body, signature)).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(restartedRuns).toEqual([]);
  });

  it('is off by default and accepts only the appliance\'s address', async () => {
    const other = await addFirewallProfile(workspace, sims);
    const settings = await workspace.api.firewall.webhook({ profileId: other });
    expect(settings.ok && settings.data).toMatchObject({ enabled: false, listening: false });
    const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
    const otherPort = await freePort();
    await workspace.api.firewall.saveWebhook({
      profileId: other, enabled: true, host: '127.0.0.1', port: otherPort, applianceAddress: '192.0.2.200', certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem,
    });
    const body = JSON.stringify({ event: 'alert.created', id: 'evt_elsewhere', data: {} });
    const status = (await request(`https://127.0.0.1:${otherPort}/hook`, { method: 'POST', body, dispatcher: agent })).statusCode;
    expect(status).toBe(403);
  });
});

describe('webhook receiver status', () => {
  it('counts what arrived and lists the last deliveries with their outcome and why one was refused, as they happen', async () => {
    const own = await addFirewallProfile(workspace, sims);
    const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
    const ownPort = await freePort();
    const settings = { profileId: own, enabled: true, host: '127.0.0.1', port: ownPort, applianceAddress: '127.0.0.1' };
    const saved = await workspace.api.firewall.saveWebhook({ ...settings, signingKey: secret, certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem });
    expect(saved.ok && saved.data.deliveries).toEqual({ counts: { processed: 0, duplicate: 0, refused: 0 }, recent: [] });
    const announced: number[] = [];
    const unsubscribe = workspace.api.firewall.onWebhookDeliveriesChanged(({ profileId: changed, deliveries }) => {
      if (changed === own) announced.push(deliveries.recent.length);
    });
    try {
      const statuses = await pushEveryOutcome({ url: `https://127.0.0.1:${ownPort}/hook`, caPem: sims.ca.certPem, signingKey: secret }, { event: 'block.created', id: 'evt_status_1' });
      expect(statuses).toEqual([200, 200, 401, 400, 413, 403]);
    } finally {
      unsubscribe();
    }

    const status = await workspace.api.firewall.webhook({ profileId: own });
    expect(status.ok && status.data.deliveries.counts).toEqual({ processed: 1, duplicate: 1, refused: 4 });
    const recent = status.ok ? status.data.deliveries.recent : [];
    expect(recent.map(({ outcome, refusal, from }) => ({ outcome, refusal, from }))).toEqual(everyOutcome);
    // What a refused delivery said is not believed, so it is not shown; an accepted one's is.
    expect(recent[0]).toMatchObject({ event: null, eventId: null, profileId: null });
    expect(recent[5]).toMatchObject({ event: 'block.created', eventId: 'evt_status_1', profileId: own, receivedAt: new Date(clock.now()).toISOString() });
    expect(announced).toEqual([1, 2, 3, 4, 5, 6]);
    // The other profile's receiver saw none of it.
    const first = await workspace.api.firewall.webhook({ profileId });
    expect(first.ok).toBe(true);
    expect(first.ok && first.data.deliveries.recent.map((delivery) => delivery.eventId)).not.toContain('evt_status_1');

    // Saving the settings restarts the receiver; what it counted stays.
    await workspace.api.firewall.saveWebhook(settings);
    const afterSave = await workspace.api.firewall.webhook({ profileId: own });
    expect(afterSave.ok && afterSave.data.deliveries.counts).toEqual({ processed: 1, duplicate: 1, refused: 4 });
  });
});

describe('deleting a firewall profile', () => {
  it("removes its receiver's signing key and TLS private key from the keychain: no orphaned secret", async () => {
    const doomed = await addFirewallProfile(workspace, sims);
    const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
    const saved = await workspace.api.firewall.saveWebhook({
      profileId: doomed, enabled: false, host: '127.0.0.1', port: 9444, applianceAddress: '127.0.0.1', signingKey: 'whsec-doomed', certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem,
    });
    expect(saved.ok && saved.data).toMatchObject({ hasSigningKey: true, hasCertificate: true });
    const secrets = [`${doomed}#webhook-signing-key`, `${doomed}#webhook-tls-key`];
    expect(await Promise.all(secrets.map((name) => keyStore.get(name)))).toEqual(['whsec-doomed', leaf.keyPem]);

    const removed = await workspace.api.profiles.remove({ id: doomed });
    expect(removed.ok).toBe(true);
    await vi.waitFor(async () => expect(await Promise.all(secrets.map((name) => keyStore.get(name)))).toEqual([null, null]));
    // The other profile's receiver keeps its keys.
    expect(await keyStore.get(`${profileId}#webhook-signing-key`)).toBe(secret);
  });

  it('says why a switched-on receiver does not listen, as a reason the window words: no certificate, or an address in use', async () => {
    const other = await addFirewallProfile(workspace, sims);
    const withoutCertificate = await workspace.api.firewall.saveWebhook({ profileId: other, enabled: true, host: '127.0.0.1', port: await freePort(), applianceAddress: '127.0.0.1' });
    expect(withoutCertificate.ok && withoutCertificate.data).toMatchObject({ enabled: true, listening: false, notListening: { reason: 'certificate_missing' } });

    const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
    const taken = await workspace.api.firewall.saveWebhook({
      profileId: other, enabled: true, host: '127.0.0.1', port, applianceAddress: '127.0.0.1', certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem,
    });
    expect(taken.ok && taken.data).toMatchObject({ listening: false, notListening: { reason: 'address_refused', systemCode: 'EADDRINUSE' } });
    const first = await workspace.api.firewall.webhook({ profileId });
    expect(first.ok && first.data).toMatchObject({ listening: true });
  });
});
