// "Test connection" for each back end against its simulator: what it learns, and how it fails.
import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallClient } from '../../../src-main/core/firewall/client.ts';
import { testFirewallConnection } from '../../../src-main/core/firewall/test-connection.ts';
import { createGatewayClient } from '../../../src-main/core/gateway/client.ts';
import { testGatewayConnection } from '../../../src-main/core/gateway/test-connection.ts';
import type { ApiKeyProvider } from '../../../src-main/core/http/types.ts';
import type { Logger } from '../../../src-main/core/log/logger.ts';
import { createSupportClient } from '../../../src-main/core/support/client.ts';
import { testSupportConnection } from '../../../src-main/core/support/test-connection.ts';
import { GATEWAY_MODELS, SUPPORT_SCOPES, startSimulators, type Simulators } from '../../sim/index.ts';
import { captureLog, failureAsShown, failureOf, settingsFor } from '../http/fixtures.ts';

let sims: Simulators;
const log = captureLog();
const key = (value: string) => async () => value;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});

afterAll(async () => {
  await sims.close();
  log.expectNoneOf([
    ...Object.values(sims.gateway.keys),
    ...Object.values(sims.support.keys),
    ...Object.values(sims.firewall.keys),
  ]);
});


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

const trusted = () => ({ mode: 'ca-only', caPem: sims.ca.certPem }) as const;

describe('gateway', () => {
  it('lists the models of a whitelisted key, with a base URL typed without /v1', async () => {
    const base = sims.gateway.url.replace(/\/v1$/, '/');
    const summary = await viaClient(createGatewayClient, testGatewayConnection, settingsFor('gateway', base, trusted()), key(sims.gateway.keys.limited), log.logger);
    expect(summary).toEqual({ service: 'gateway', modelCount: 1, models: ['gpt-4o-mini'] });
    expect(sims.gateway.requests.at(-1)?.path).toBe('/v1/models');
  });

  it('lists every model for a key allowed all of them', async () => {
    const summary = await viaClient(createGatewayClient, testGatewayConnection, settingsFor('gateway', sims.gateway.url, trusted()), key(sims.gateway.keys.demo), log.logger);
    expect(summary.modelCount).toBe(GATEWAY_MODELS.length);
    expect(summary.models).toContain('claude-sonnet-4');
  });

  it('fails with unauthorized for an expired key', async () => {
    const error = await failureOf(
      viaClient(createGatewayClient, testGatewayConnection, settingsFor('gateway', sims.gateway.url, trusted()), key(sims.gateway.addKey({ expired: true })), log.logger),
    );
    expect(error).toMatchObject({ service: 'gateway', status: 401, code: 'unauthorized' });
  });

  it('fails with malformed_response when the model list is not JSON', async () => {
    sims.gateway.faults.add({ path: '/models', kind: 'malformed', times: 1 });
    const error = await failureOf(
      viaClient(createGatewayClient, testGatewayConnection, settingsFor('gateway', sims.gateway.url, trusted()), key(sims.gateway.keys.demo), log.logger),
    );
    expect(error).toMatchObject({ service: 'gateway', status: 200, code: 'malformed_response' });
  });

  it("streams a chat answer through the profile's connection", async () => {
    const client = createGatewayClient(settingsFor('gateway', sims.gateway.url, trusted()), key(sims.gateway.keys.demo), log.logger);
    try {
      const stream = await client.openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Summarise alert 42' }],
        stream: true,
      });
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

  it('uploads a file for transcription as multipart form data', async () => {
    const client = createGatewayClient(settingsFor('gateway', sims.gateway.url, trusted()), key(sims.gateway.keys.demo), log.logger);
    try {
      const file = await toFile(Buffer.from('RIFF0000WAVEfmt '), 'call.wav');
      const transcript = await client.openai.audio.transcriptions.create({ model: 'whisper-1', file });
      expect(transcript.text).toContain('call.wav (16 bytes');
    } finally {
      await client.close();
    }
  });

  it('fails with missing_key when no key is stored', async () => {
    const error = await failureOf(viaClient(createGatewayClient, testGatewayConnection, settingsFor('gateway', sims.gateway.url, trusted()), key(''), log.logger));
    expect(error.code).toBe('missing_key');
  });
});

describe('support', () => {
  const supportSettings = (site: string) => ({ ...settingsFor('support', sims.support.url, trusted()), site });

  it("reports the sites, their channel switches and the key's scopes, sending the site and no Origin", async () => {
    const summary = await viaClient(createSupportClient, testSupportConnection, supportSettings('site-main'), key(sims.support.keys.demo), log.logger);
    expect(summary).toMatchObject({
      service: 'support',
      site: 'site-main',
      sites: ['site-main', 'site-eu', 'site-closed'],
      channels: { 'site-main': true, 'site-eu': true, 'site-closed': false },
      keyEnv: 'test',
    });
    expect(summary.scopes).toEqual([...SUPPORT_SCOPES]);
    const sent = sims.support.requests.at(-1)!;
    expect(sent.path).toBe('/api/open/v1/meta');
    expect(sent.headers['x-svc-site']).toBe('site-main');
    expect(sent.headers.origin).toBeUndefined();
  });

  it('shows a site whose channel is off as closed', async () => {
    const summary = await viaClient(createSupportClient, testSupportConnection, supportSettings('site-closed'), key(sims.support.keys.closed), log.logger);
    expect(summary.site).toBe('site-closed');
    expect(summary.channels['site-closed']).toBe(false);
  });

  it('fails with wrong_site when the key belongs to another site', async () => {
    const error = await failureOf(viaClient(createSupportClient, testSupportConnection, supportSettings('site-eu'), key(sims.support.keys.demo), log.logger));
    expect(error).toMatchObject({ service: 'support', status: 403, code: 'wrong_site' });
    expect(error.requestId).toMatch(/^req_/);
  });
});

describe('firewall', () => {
  it('reports version, uptime and edition', async () => {
    const summary = await viaClient(createFirewallClient, testFirewallConnection, settingsFor('firewall', sims.firewall.url, trusted()), key(sims.firewall.keys.readOnly), log.logger);
    expect(summary).toMatchObject({ service: 'firewall', version: '7.4.2', edition: 'enterprise' });
    expect(summary.uptimeSeconds).toBeGreaterThan(0);
  });

  it('reports the free edition when the appliance runs it', async () => {
    sims.firewall.setEdition('free-waf');
    try {
      const summary = await viaClient(createFirewallClient, testFirewallConnection, settingsFor('firewall', sims.firewall.url, trusted()), key(sims.firewall.keys.readOnly), log.logger);
      expect(summary.edition).toBe('free-waf');
    } finally {
      sims.firewall.setEdition('enterprise');
    }
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
    const error = await failureOf(
      viaClient(createFirewallClient, testFirewallConnection, settingsFor('firewall', sims.firewall.url, trusted()), key(sims.firewall.keys.expired), log.logger),
    );
    expect(error).toMatchObject({ status: 401, code: 'key_expired' });
  });
});
