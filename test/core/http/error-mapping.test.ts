// What each back end's refusals become: the code, an actionable hint, retryable, the request id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient, type HttpRequest } from '../../../src-main/core/http/client.ts';
import type { ServiceError, BackEnd } from '../../../src-main/core/http/types.ts';
import { createGatewayClient } from '../../../src-main/core/gateway/client.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FAST_RETRIES, captureLog, failureOf, settingsFor } from './fixtures.ts';

let sims: Simulators;
const log = captureLog();
const openClients: { close(): Promise<void> }[] = [];
const keysUsed: string[] = [];

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});

afterAll(async () => {
  await Promise.all(openClients.map((client) => client.close()));
  await sims.close();
  log.expectNoneOf(keysUsed);
});

function clientFor(service: BackEnd, key: string, retries = FAST_RETRIES): HttpClient {
  keysUsed.push(key);
  const url = { gateway: sims.gateway.url, support: `${sims.support.url}/api/open/v1`, firewall: sims.firewall.url }[service];
  const client = createHttpClient(settingsFor(service, url, { mode: 'ca-only', caPem: sims.ca.certPem }), async () => key, log.logger, retries);
  openClients.push(client);
  return client;
}

const refusal = (client: HttpClient, request: HttpRequest): Promise<ServiceError> => failureOf(client.request(request));

const siteHeader = (site: string) => ({ 'X-SVC-Site': site });

describe('support API refusals', () => {
  it('a revoked key is unauthorized, with the envelope request id', async () => {
    const error = await refusal(clientFor('support', sims.support.keys.revoked), { method: 'GET', path: '/meta' });
    expect(error).toMatchObject({ service: 'support', status: 401, code: 'unauthorized', retryable: false });
    expect(error.hint).toMatch(/issue a new one/);
    expect(error.requestId).toMatch(/^req_/);
  });

  it('a key without the scope is forbidden_scope', async () => {
    const error = await refusal(clientFor('support', sims.support.keys.agent), {
      method: 'GET',
      path: '/work',
      headers: siteHeader('site-main'),
    });
    expect(error).toMatchObject({ status: 403, code: 'forbidden_scope', retryable: false });
    expect(error.hint).toMatch(/scope/);
  });

  it('a key used for another site is wrong_site', async () => {
    const error = await refusal(clientFor('support', sims.support.keys.demo), {
      method: 'GET',
      path: '/tickets',
      headers: siteHeader('site-eu'),
    });
    expect(error).toMatchObject({ status: 403, code: 'wrong_site' });
    expect(error.hint).toMatch(/site the key was issued for/);
  });

  it("a site whose API channel is off is channel_disabled", async () => {
    const error = await refusal(clientFor('support', sims.support.keys.closed), {
      method: 'GET',
      path: '/tickets',
      headers: siteHeader('site-closed'),
    });
    expect(error).toMatchObject({ status: 403, code: 'channel_disabled' });
    expect(error.hint).toMatch(/Open the API channel/);
  });

  it('a caller outside the IP allowlist is forbidden_ip', async () => {
    const error = await refusal(clientFor('support', sims.support.keys.ipRestricted), { method: 'GET', path: '/meta' });
    expect(error).toMatchObject({ status: 403, code: 'forbidden_ip' });
    expect(error.hint).toMatch(/allowlist/);
  });

  it('an object of another site is not_found; a missing parameter is bad_request', async () => {
    const client = clientFor('support', sims.support.keys.demo);
    expect(await refusal(client, { method: 'GET', path: '/tickets/T-does-not-exist' })).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const bad = await refusal(client, { method: 'GET', path: '/kb/search' });
    expect(bad).toMatchObject({ status: 400, code: 'bad_request' });
    expect(bad.message).toContain("'q'");
  });

  it('an exceeded per-minute limit is rate_limited and retryable, and says how long to wait', async () => {
    const key = sims.support.addKey({ site: 'site-main', ratePerMinute: 1 });
    // No retries, so that the 429 itself comes back.
    const client = clientFor('support', key, { retry: { maxAttempts: 1 } });
    await client.request({ method: 'GET', path: '/meta' });
    const error = await refusal(client, { method: 'GET', path: '/meta' });
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryable: true });
    expect(error.message).toMatch(/wait \d+ s/);
  });
});

describe('firewall refusals', () => {
  const status = { method: 'GET', path: '/system/status' } as const;
  const block = { method: 'POST', path: '/blocklist', body: { ip: '192.0.2.10', duration: 60, reason: 'test' } } as const;

  it('an unknown key is unauthorized; an expired one is key_expired', async () => {
    expect(await refusal(clientFor('firewall', 'not-a-real-firewall-key-000'), status)).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    const expired = await refusal(clientFor('firewall', sims.firewall.keys.expired), status);
    expect(expired).toMatchObject({ status: 401, code: 'key_expired' });
    expect(expired.hint).toMatch(/Generate a new key/);
  });

  it('a read-only key that blocks is forbidden_role', async () => {
    const error = await refusal(clientFor('firewall', sims.firewall.keys.readOnly), block);
    expect(error).toMatchObject({ status: 403, code: 'forbidden_role' });
    expect(error.hint).toMatch(/operations role/);
  });

  it('a caller outside the key allowlist is forbidden_ip', async () => {
    expect(await refusal(clientFor('firewall', sims.firewall.keys.ipRestricted), status)).toMatchObject({
      status: 403,
      code: 'forbidden_ip',
    });
  });

  it('a write on the free edition is edition_unsupported', async () => {
    sims.firewall.setEdition('free-waf');
    try {
      const error = await refusal(clientFor('firewall', sims.firewall.keys.demo), block);
      expect(error).toMatchObject({ status: 403, code: 'edition_unsupported' });
      expect(error.hint).toMatch(/read-only/);
    } finally {
      sims.firewall.setEdition('enterprise');
    }
  });

  it('a missing object is not_found; a 5xx is a retryable server_error', async () => {
    const client = clientFor('firewall', sims.firewall.keys.demo, { retry: { maxAttempts: 1 } });
    expect(await refusal(client, { method: 'GET', path: '/blocklist/nope' })).toMatchObject({ status: 404, code: 'not_found' });
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 502, times: 1 });
    expect(await refusal(client, status)).toMatchObject({ status: 502, code: 'server_error', retryable: true });
  });
});

describe('gateway refusals through the openai SDK', () => {
  async function sdkRefusal(key: string, call: (client: ReturnType<typeof createGatewayClient>) => Promise<unknown>) {
    keysUsed.push(key);
    const client = createGatewayClient(
      settingsFor('gateway', sims.gateway.url, { mode: 'ca-only', caPem: sims.ca.certPem }),
      async () => key,
      log.logger,
      { retry: { maxAttempts: 1 } },
    );
    openClients.push(client);
    const error = await call(client).then(
      () => expect.fail('the call should have been refused'),
      (rejection: unknown) => client.toServiceFailure(rejection),
    );
    return error.serviceError;
  }
  const chat = (model: string) => (client: ReturnType<typeof createGatewayClient>) =>
    client.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });

  it('401 for an expired key', async () => {
    const error = await sdkRefusal(sims.gateway.addKey({ expired: true }), (client) => client.listModels());
    expect(error).toMatchObject({ service: 'gateway', status: 401, code: 'unauthorized', retryable: false });
    expect(error.hint).toMatch(/API keys page/);
  });

  it('403 for a model outside the key whitelist', async () => {
    const error = await sdkRefusal(sims.gateway.keys.limited, chat('gpt-4.1'));
    expect(error).toMatchObject({ status: 403, code: 'model_not_permitted' });
    expect(error.hint).toMatch(/whitelist/);
  });

  it('400 names the parameter at fault', async () => {
    const error = await sdkRefusal(sims.gateway.keys.demo, (client) =>
      client.openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], temperature: 3 }),
    );
    expect(error).toMatchObject({ status: 400, code: 'bad_request' });
    expect(error.message).toContain('temperature');
  });

  it('429 is rate_limited and retryable', async () => {
    const key = sims.gateway.addKey({ ratePerMinute: 1 });
    await sdkRefusal(key, chat('nonexistent-model')).catch(() => undefined);
    const error = await sdkRefusal(key, (client) => client.listModels());
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryable: true });
  });

  it('500 and 503 are retryable server errors', async () => {
    sims.gateway.faults.add({ path: '/models', kind: 'status', status: 500, times: 1 });
    expect(await sdkRefusal(sims.gateway.keys.demo, (client) => client.listModels())).toMatchObject({
      status: 500,
      code: 'server_error',
      retryable: true,
    });
    sims.gateway.faults.add({ path: '/models', kind: 'status', status: 503, times: 1 });
    const unavailable = await sdkRefusal(sims.gateway.keys.demo, (client) => client.listModels());
    expect(unavailable).toMatchObject({ status: 503, code: 'service_unavailable', retryable: true });
    expect(unavailable.hint).toMatch(/moment/);
  });
});
