// "Test connection" and the first calls of each client, against every simulator dialect: what a
// server following the documents may send where they say "not shown", and how each failure reads.
import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallClient } from '../../../src-main/core/firewall/client.ts';
import { testFirewallConnection } from '../../../src-main/core/firewall/test-connection.ts';
import { createGatewayClient } from '../../../src-main/core/gateway/client.ts';
import { testGatewayConnection } from '../../../src-main/core/gateway/test-connection.ts';
import type { ApiKeyProvider } from '../../../src-main/core/http/types.ts';
import type { Logger } from '../../../src-main/core/log/logger.ts';
import { createSupportClient, UNREACHABLE_DESCRIPTION_MS, type SupportSettings } from '../../../src-main/core/support/client.ts';
import { testSupportConnection } from '../../../src-main/core/support/test-connection.ts';
import { GATEWAY_MODELS, SIM_DIALECTS, SUPPORT_PLAIN_SITE_IDS, SUPPORT_SCOPES, startSimulators, type SimDialect, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { FAST_RETRIES, captureLog, failureAsShown, failureOf, settingsFor } from '../http/fixtures.ts';

const key = (value: string) => async () => value;

/** A connection test over a client opened for it and closed afterwards. */
function viaClient<Settings, Client extends { close(): Promise<void> }, Summary>(
  open: (settings: Settings, getApiKey: ApiKeyProvider, logger: Logger) => Client,
  test: (client: Client) => Promise<Summary>,
  settings: Settings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
): Promise<Summary> {
  const client = open(settings, getApiKey, logger);
  return test(client).finally(() => client.close());
}

/** What differs between the dialects, as a user of the simulator would see it. */
const expected: Record<SimDialect, { site: (id: string) => string; siteSentAs: { in: string; name: string }; firewallVersion: string; edition: string | null }> = {
  opsdesk: { site: (id) => id, siteSentAs: { in: 'header', name: 'X-SVC-Site' }, firewallVersion: '7.4.2', edition: 'enterprise' },
  plain: { site: (id) => String(SUPPORT_PLAIN_SITE_IDS[id]), siteSentAs: { in: 'query', name: 'site_id' }, firewallVersion: 'V3.6.2 build 20251014', edition: 'Enterprise Edition' },
};

describe.each(SIM_DIALECTS)('against the %s dialect', (dialect) => {
  let sims: Simulators;
  const log = captureLog();
  const site = expected[dialect].site;

  beforeAll(async () => {
    sims = await startSimulators({ alertCount: 0, dialect });
  });

  afterAll(async () => {
    await sims.close();
    log.expectNoneOf([...Object.values(sims.gateway.keys), ...Object.values(sims.support.keys), ...Object.values(sims.firewall.keys)]);
  });

  const trusted = () => ({ mode: 'ca-only', caPem: sims.ca.certPem }) as const;
  const gatewaySettings = (base = sims.gateway.url) => settingsFor('gateway', base, trusted());
  const supportSettings = (siteId: string, extra: Partial<SupportSettings> = {}): SupportSettings => ({
    ...settingsFor('support', sims.support.url, trusted()),
    site: site(siteId),
    ...extra,
  });
  const firewallSettings = (base = sims.firewall.url) => settingsFor('firewall', base, trusted());

  describe('gateway', () => {
    it('lists the models of a whitelisted key, with a base URL typed without /v1', async () => {
      const base = sims.gateway.url.replace(/\/v1$/, '/');
      const summary = await viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(base), key(sims.gateway.keys.limited), log.logger);
      expect(summary).toEqual({ service: 'gateway', modelCount: 1, models: ['gpt-4o-mini'] });
      expect(sims.gateway.requests.at(-1)?.path).toBe('/v1/models');
    });

    it('lists every model for a key allowed all of them', async () => {
      const summary = await viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(), key(sims.gateway.keys.demo), log.logger);
      expect(summary.modelCount).toBe(GATEWAY_MODELS.length);
      expect(summary.models).toContain('claude-sonnet-4');
    });

    it('fails with unauthorized for an expired key', async () => {
      const error = await failureOf(viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(), key(sims.gateway.addKey({ expired: true })), log.logger));
      expect(error).toMatchObject({ service: 'gateway', status: 401, code: 'unauthorized' });
    });

    it('fails with malformed_response when the model list is not JSON', async () => {
      sims.gateway.faults.add({ path: '/models', kind: 'malformed', times: 1 });
      const error = await failureOf(viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(), key(sims.gateway.keys.demo), log.logger));
      expect(error).toMatchObject({ service: 'gateway', status: 200, code: 'malformed_response' });
    });

    it('points at the address when the first call finds no API there (404)', async () => {
      const error = await failureOf(
        viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(sims.gateway.url.replace(/\/v1$/, '/v2')), key(sims.gateway.keys.demo), log.logger),
      );
      expect(error).toMatchObject({ service: 'gateway', status: 404, code: 'not_found' });
      expect(error.message).toMatch(/address/);
      expect(error.hint).toContain('/v1');
      expect(error.hint).not.toMatch(/refresh/i);
    });

    it("streams a chat answer through the profile's connection", async () => {
      const client = createGatewayClient(gatewaySettings(), key(sims.gateway.keys.demo), log.logger);
      try {
        const stream = await client.openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Summarise alert 42' }], stream: true });
        let text = '';
        let finishReason: string | null = null;
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta.content ?? '';
          finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
        }
        expect(text.length).toBeGreaterThan(0);
        expect(finishReason).not.toBeNull();
      } finally {
        await client.close();
      }
    });

    /** Reads a streamed chat to its end and returns how it failed. */
    async function streamFailure(model: string, apiKey: string) {
      const client = createGatewayClient(gatewaySettings(), key(apiKey), log.logger);
      try {
        return await failureOf(
          (async () => {
            try {
              const stream = await client.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }], stream: true });
              for await (const _chunk of stream) void _chunk;
            } catch (error) {
              throw client.toServiceFailure(error);
            }
          })(),
        );
      } finally {
        await client.close();
      }
    }

    it("reports an error event inside a 200 stream as the gateway's error with its words, not as unreachable", async () => {
      sims.gateway.faults.add({ method: 'POST', path: '/chat/completions', kind: 'stream-error', times: 1 });
      const error = await streamFailure('gpt-4o-mini', sims.gateway.keys.demo);
      expect(error).toMatchObject({ service: 'gateway', status: 200, code: 'server_error', retryable: true });
      expect(error.message).toContain('upstream model overloaded');
    });

    it('keeps the whitelist explanation for a model the key may not use, streamed or not', async () => {
      const streamed = await streamFailure('claude-sonnet-4', sims.gateway.keys.limited);
      expect(streamed.code).toBe('model_not_permitted');
      const client = createGatewayClient(gatewaySettings(), key(sims.gateway.keys.limited), log.logger);
      try {
        const plain = await failureOf(
          client.openai.chat.completions.create({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => {
            throw client.toServiceFailure(error);
          }),
        );
        expect(plain).toMatchObject({ status: 403, code: 'model_not_permitted' });
        expect(plain.message).toMatch(/whitelist/);
      } finally {
        await client.close();
      }
    });

    it('uploads a file for transcription as multipart form data', async () => {
      const client = createGatewayClient(gatewaySettings(), key(sims.gateway.keys.demo), log.logger);
      try {
        const file = await toFile(Buffer.from('RIFF0000WAVEfmt '), 'call.wav');
        const transcript = await client.openai.audio.transcriptions.create({ model: 'whisper-1', file });
        expect(transcript.text).toContain('call.wav (16 bytes');
      } finally {
        await client.close();
      }
    });

    it('fails with missing_key when no key is stored', async () => {
      const error = await failureOf(viaClient(createGatewayClient, testGatewayConnection, gatewaySettings(), key(''), log.logger));
      expect(error.code).toBe('missing_key');
    });
  });

  describe('support', () => {
    it("reports the sites, their channel switches, the key's scopes and where the site goes, sending no Origin", async () => {
      const summary = await viaClient(createSupportClient, testSupportConnection, supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
      expect(summary).toMatchObject({
        service: 'support',
        site: site('site-main'),
        sites: [site('site-main'), site('site-eu'), site('site-closed')],
        channels: { [site('site-main')]: true, [site('site-eu')]: true, [site('site-closed')]: false },
        keyEnv: 'test',
        siteSentAs: { ...expected[dialect].siteSentAs, learnedFrom: 'server' },
        described: { missing: [] },
      });
      expect(summary.scopes).toEqual([...SUPPORT_SCOPES]);
      expect(summary.described?.operations).toBeGreaterThan(20);
      const sent = sims.support.requests.at(-1)!;
      expect(sent.path).toBe('/api/open/v1/meta');
      if (dialect === 'plain') expect(new URLSearchParams(sent.query).get('site_id')).toBe(site('site-main'));
      else expect(sent.headers['x-svc-site']).toBe('site-main');
      expect(sent.headers.origin).toBeUndefined();
    });

    it('reads the server description once per client', async () => {
      const client = createSupportClient(supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
      try {
        const before = sims.support.requests.filter((request) => request.path.endsWith('/openapi.json')).length;
        await client.getMeta();
        await client.call({ method: 'GET', path: '/tickets' });
        await client.getMeta();
        expect(sims.support.requests.filter((request) => request.path.endsWith('/openapi.json')).length).toBe(before + 1);
      } finally {
        await client.close();
      }
    });

    it('asks for the description again a minute after it could not be reached (not before every call), and never after a 404', async () => {
      const described = () => sims.support.requests.filter((request) => request.path.endsWith('/openapi.json')).length;
      const clock = new FakeClock();
      const client = createSupportClient(supportSettings('site-main'), key(sims.support.keys.demo), log.logger, { ...FAST_RETRIES, clock });
      try {
        sims.support.faults.add({ path: '/openapi.json', kind: 'status', status: 500 });
        expect((await clock.run(client.describeServer())).description).toBeNull();
        sims.support.faults.clear();
        const before = described();
        expect((await clock.run(client.describeServer())).description).toBeNull();
        expect(described()).toBe(before);
        await clock.advance(UNREACHABLE_DESCRIPTION_MS + 1);
        expect((await clock.run(client.describeServer())).description).not.toBeNull();
        expect(described()).toBe(before + 1);
      } finally {
        sims.support.faults.clear();
        await client.close();
      }
      const refused = createSupportClient(supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
      try {
        sims.support.faults.add({ path: '/openapi.json', kind: 'status', status: 404, times: 1 });
        await refused.describeServer();
        const before = described();
        expect((await refused.describeServer()).description).toBeNull();
        expect(described()).toBe(before);
      } finally {
        await refused.close();
      }
    });

    it('shows a site whose channel is off as closed', async () => {
      const summary = await viaClient(createSupportClient, testSupportConnection, supportSettings('site-closed'), key(sims.support.keys.closed), log.logger);
      expect(summary.site).toBe(site('site-closed'));
      expect(summary.channels[site('site-closed')]).toBe(false);
    });

    it('fails with wrong_site when the key belongs to another site', async () => {
      const error = await failureOf(viaClient(createSupportClient, testSupportConnection, supportSettings('site-eu'), key(sims.support.keys.demo), log.logger));
      expect(error).toMatchObject({ service: 'support', status: 403, code: 'wrong_site' });
      expect(error.requestId).toMatch(/^req_/);
    });

    it('says wrong_site when the server ignores where the site was sent and answers for the key’s own site', async () => {
      const elsewhere = dialect === 'plain' ? 'header' : 'query';
      const error = await failureOf(
        viaClient(createSupportClient, testSupportConnection, supportSettings('site-main', { siteIn: elsewhere }), key(sims.support.keys.eu), log.logger),
      );
      expect(error).toMatchObject({ service: 'support', code: 'wrong_site' });
      expect(error.message).toContain(site('site-eu'));
    });

    it('follows the profile when it says where the site goes, and the server when it does not publish a description', async () => {
      const { siteSentAs: route } = expected[dialect];
      const summary = await viaClient(
        createSupportClient,
        testSupportConnection,
        supportSettings('site-main', { siteIn: route.in as 'header' | 'query', siteParameter: route.name }),
        key(sims.support.keys.demo),
        log.logger,
      );
      expect(summary.siteSentAs).toEqual({ ...route, learnedFrom: 'profile' });

      sims.support.faults.add({ path: '/openapi.json', kind: 'status', status: 404, times: 1 });
      const unknown = await viaClient(createSupportClient, testSupportConnection, supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
      expect(unknown.siteSentAs).toEqual({ in: 'header', name: 'X-SVC-Site', learnedFrom: 'default' });
      expect(unknown.described).toBeUndefined();
    });

    it('explains a missing scope, wherever the server puts the refusal', async () => {
      const client = createSupportClient(supportSettings('site-main'), key(sims.support.keys.runtime), log.logger);
      try {
        const error = await failureOf(client.call({ method: 'GET', path: '/contacts' }));
        expect(error).toMatchObject({ service: 'support', status: 403, code: 'forbidden_scope', retryable: false });
        expect(error.message).not.toMatch(/internal error/);
      } finally {
        await client.close();
      }
    });

    it('reads a list through the envelope, whatever type its code has', async () => {
      const client = createSupportClient(supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
      try {
        const { data, requestId } = await client.call<{ items: unknown[] }>({ method: 'GET', path: '/tickets', query: { limit: 3 } });
        expect(data.items).toHaveLength(3);
        expect(requestId).toMatch(/^req_/);
      } finally {
        await client.close();
      }
    });

    it('points at the address when the first call finds no API there (404)', async () => {
      const error = await failureOf(
        viaClient(createSupportClient, testSupportConnection, { ...supportSettings('site-main'), baseUrl: `${sims.support.url}/api/open/v2` }, key(sims.support.keys.demo), log.logger),
      );
      expect(error).toMatchObject({ service: 'support', status: 404, code: 'not_found' });
      expect(error.message).toMatch(/address/);
    });
  });

  describe('firewall', () => {
    it('reports version, uptime, edition and what the appliance describes', async () => {
      const summary = await viaClient(createFirewallClient, testFirewallConnection, firewallSettings(), key(sims.firewall.keys.readOnly), log.logger);
      expect(summary).toMatchObject({ service: 'firewall', version: expected[dialect].firewallVersion, edition: expected[dialect].edition, described: { missing: [] } });
      expect(summary.uptimeSeconds).toBeGreaterThan(1_000_000);
      expect(summary.cpuPercent).toBeGreaterThan(0);
      expect(summary.memoryPercent).toBeGreaterThan(0);
      expect(summary.activeSessions).toBeGreaterThan(0);
    });

    it('reports what the free edition lacks', async () => {
      sims.firewall.setEdition('free-waf');
      try {
        const summary = await viaClient(createFirewallClient, testFirewallConnection, firewallSettings(), key(sims.firewall.keys.readOnly), log.logger);
        expect(summary.edition).toBe(dialect === 'opsdesk' ? 'free-waf' : 'WAF Free Edition');
        expect(summary.described?.missing).toEqual(['GET /devices', 'GET /honeypots']);
      } finally {
        sims.firewall.setEdition('enterprise');
      }
    });

    it('points at the address, not at refreshing a list, for a wrong API version (404 on the first call)', async () => {
      const error = await failureOf(
        viaClient(createFirewallClient, testFirewallConnection, firewallSettings(sims.firewall.url.replace(/\/api\/v1$/, '/api/v2')), key(sims.firewall.keys.readOnly), log.logger),
      );
      expect(error).toMatchObject({ service: 'firewall', status: 404, code: 'not_found' });
      expect(error.message).toMatch(/address/);
      expect(error.hint).toContain('/api/v1');
      expect(error.hint).not.toMatch(/refresh/i);
    });

    it('fails with untrusted_certificate, carrying the certificate to show, under system trust', async () => {
      const error = await failureAsShown(
        viaClient(createFirewallClient, testFirewallConnection, settingsFor('firewall', sims.firewall.url, { mode: 'system' }), key(sims.firewall.keys.readOnly), log.logger),
        sims.firewall.url,
      );
      expect(error).toMatchObject({ service: 'firewall', code: 'untrusted_certificate' });
      expect(error.certificate?.sha256).toBe(sims.firewall.leafSha256);
    });

    it('fails with key_expired for an expired key', async () => {
      const error = await failureOf(viaClient(createFirewallClient, testFirewallConnection, firewallSettings(), key(sims.firewall.keys.expired), log.logger));
      expect(error).toMatchObject({ status: 401, code: 'key_expired' });
    });
  });
});
