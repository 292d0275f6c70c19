// Test connection against servers that never finish answering: with the default timeouts each
// attempt could take up to a minute and be retried; the user's test ends at its overall deadline
// instead, and says where it was stuck. The deadline runs on a fake clock; nothing sleeps.
import diagnostics from 'node:diagnostics_channel';
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { TEST_CONNECTION_DEADLINE_MS } from '../../../src-main/core/clients/client-registry.ts';
import { defaultTimeouts } from '../../../src-main/core/profiles/profile-record.ts';
import { createCertificateAuthority, issueServerCertificate, type CertificateAuthority, type Pem } from '../../sim/certs.ts';
import { startBlackHole, startHostileHttps, type HostileServer } from '../../sim/hostile-servers.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { failureOf } from './fixtures.ts';
import { openTestServices } from '../../support/test-services.ts';

let ca: CertificateAuthority;
let leaf: Pem;
let dataDir: string;
let services: AppServices;
const clock = new FakeClock();
const servers: HostileServer[] = [];

beforeAll(async () => {
  ca = await createCertificateAuthority('Deadline Test CA');
  leaf = await issueServerCertificate(ca, { ips: ['127.0.0.1'] });
  ({ services, dataDir } = await openTestServices({ clock }));
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function firewallAt(url: string, timeouts?: typeof defaultTimeouts): Promise<string> {
  const profile = await services.profiles.save({
    ...(timeouts ? { timeouts } : {}),
    service: 'firewall',
    name: `Stuck ${Math.random().toString(16).slice(2)}`,
    baseUrl: url,
    apiKey: 'fw-deadline-test-key-0123456789',
    trust: { mode: 'ca-only', caPem: ca.certPem },
    settings: { rateLimit: { requests: 20, windowSeconds: 1 } },
  });
  return profile.id;
}

/** Resolves when the client has read the headers of an answer (undici reports it on this channel). */
function headersReceived(): Promise<void> {
  return new Promise((resolve) => {
    const onHeaders = () => {
      diagnostics.unsubscribe('undici:request:headers', onHeaders);
      resolve();
    };
    diagnostics.subscribe('undici:request:headers', onHeaders);
  });
}

/** Starts a test, lets it get as far as `stuck` says, then lets the deadline pass on the clock. */
async function testUntilDeadline(profileId: string, stuck: () => Promise<void>) {
  const started = performance.now();
  const testing = failureOf(services.clients.testConnection(profileId));
  await stuck();
  await clock.advance(TEST_CONNECTION_DEADLINE_MS);
  const error = await testing;
  return { error, realMs: performance.now() - started };
}

describe('Test connection ends at its overall deadline', () => {
  it('a black hole that never completes the TLS handshake', async () => {
    const hole = await startBlackHole();
    servers.push(hole);
    const { error, realMs } = await testUntilDeadline(await firewallAt(hole.url), () => hole.nextConnection());
    expect(error).toMatchObject({ service: 'firewall', code: 'timeout', retryable: true });
    expect(error.message).toMatch(/^Gave up after 20 s: the connection to 127\.0\.0\.1:\d+ \(TCP and TLS handshake\) did not complete\. Attempts: 1\.$/);
    expect(error.hint).toMatch(/address and port/);
    expect(realMs).toBeLessThan(defaultTimeouts.connectMs);
  });

  it('a gateway profile, whose test goes through the openai SDK, ends the same way', async () => {
    const hole = await startBlackHole();
    servers.push(hole);
    const profile = await services.profiles.save({
      service: 'gateway',
      name: `Stuck gateway ${Math.random().toString(16).slice(2)}`,
      baseUrl: hole.url,
      apiKey: 'sk-deadline-test-key-0123456789',
      trust: { mode: 'ca-only', caPem: ca.certPem },
      settings: { rateTier: 60 },
    });
    const { error } = await testUntilDeadline(profile.id, () => hole.nextConnection());
    expect(error).toMatchObject({ service: 'gateway', code: 'timeout' });
    expect(error.message).toMatch(/^Gave up after 20 s: the connection to 127\.0\.0\.1:\d+ \(TCP and TLS handshake\) did not complete\. Attempts: 1\.$/);
  });

  it('a support profile, whose calls first read the server\'s description, ends the same way', async () => {
    const hole = await startBlackHole();
    servers.push(hole);
    const profile = await services.profiles.save({
      service: 'support',
      name: `Stuck support ${Math.random().toString(16).slice(2)}`,
      baseUrl: hole.url,
      apiKey: 'svc_test_0123456789ab.deadline-test-secret-0123456789',
      trust: { mode: 'ca-only', caPem: ca.certPem },
      settings: { site: 'site-main', ratePerMinute: 60 },
    });
    const { error, realMs } = await testUntilDeadline(profile.id, () => hole.nextConnection());
    expect(error).toMatchObject({ service: 'support', code: 'timeout' });
    expect(error.message).toMatch(/^Gave up after 20 s: the connection to 127\.0\.0\.1:\d+ \(TCP and TLS handshake\) did not complete\. Attempts: 1\.$/);
    expect(realMs).toBeLessThan(defaultTimeouts.connectMs);
  });

  it('with short timeouts it says how many attempts were made', async () => {
    const hole = await startBlackHole();
    servers.push(hole);
    const profileId = await firewallAt(hole.url, { ...defaultTimeouts, connectMs: 200 });
    const { error } = await testUntilDeadline(profileId, async () => {
      await hole.nextConnection();
      // The first attempt times out for real; the wait before the next one is on the clock.
      await clock.run(hole.nextConnection());
    });
    expect(error.message).toMatch(/did not complete\. Attempts: [2-9]\.$/);
  });

  it('a server that takes the request and never answers', async () => {
    const silent = await startHostileHttps(leaf, () => {});
    servers.push(silent);
    const { error, realMs } = await testUntilDeadline(await firewallAt(silent.url), () => silent.nextRequest());
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/accepted the connection and the request but sent no answer/);
    expect(realMs).toBeLessThan(defaultTimeouts.headersMs);
  });

  it('a server that starts its answer and stalls in the middle of the body', async () => {
    const stalling = await startHostileHttps(leaf, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"version":');
    });
    servers.push(stalling);
    const { error, realMs } = await testUntilDeadline(await firewallAt(stalling.url), () => headersReceived());
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/started answering but did not finish sending the response/);
    expect(realMs).toBeLessThan(defaultTimeouts.bodyMs);
  });
});
