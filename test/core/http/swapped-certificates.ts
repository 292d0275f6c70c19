// The simulators for a file whose tests swap the firewall's certificate: every test starts with the
// same leaf from the simulators' CA, put back after it, and no key reaches the clients' log.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../src-main/core/http/client.ts';
import type { TrustSettings } from '../../../src-main/core/http/types.ts';
import type { ParsedProfileInput } from '../../../src-shared/contract/profiles.ts';
import { issueServerCertificate, startSimulators, type Pem, type Simulators } from '../../sim/index.ts';
import { captureLog, settingsFor, type CapturedLog } from './fixtures.ts';

export interface SwappedCertificates {
  readonly sims: Simulators;
  /** The leaf each test starts with. */
  readonly originalLeaf: Pem;
  /** What the clients logged; checked for the firewall's keys after the file. */
  readonly log: CapturedLog;
  /** Another leaf for the same names from the same CA: the same server, a changed certificate. */
  newLeaf(): Promise<Pem>;
  /** An HTTP client for the firewall with its read-only key, closed after the test. */
  firewallClient(trust: TrustSettings): HttpClient;
  /** A firewall profile with the read-only key, trusting the system roots unless overridden. */
  firewallProfile(overrides?: Partial<Extract<ParsedProfileInput, { service: 'firewall' }>>): ParsedProfileInput;
}

export function withSwappedCertificates(options: { alertCount: number }): SwappedCertificates {
  let sims: Simulators | undefined;
  let originalLeaf: Pem | undefined;
  const log = captureLog();
  const clients: HttpClient[] = [];

  beforeAll(async () => {
    sims = await startSimulators(options);
    originalLeaf = await certificates.newLeaf();
    sims.firewall.setCertificate(originalLeaf);
  });
  afterEach(async () => {
    certificates.sims.firewall.setCertificate(certificates.originalLeaf);
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await sims?.close();
    if (sims) log.expectNoneOf(Object.values(sims.firewall.keys));
  });

  const certificates: SwappedCertificates = {
    get sims() {
      if (!sims) throw new Error('The simulators start before the first test.');
      return sims;
    },
    get originalLeaf() {
      if (!originalLeaf) throw new Error('The leaf is issued before the first test.');
      return originalLeaf;
    },
    log,
    newLeaf: () => issueServerCertificate(certificates.sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }),
    firewallClient(trust) {
      const { firewall } = certificates.sims;
      const client = createHttpClient(settingsFor('firewall', firewall.url, trust), async () => firewall.keys.readOnly, log.logger);
      clients.push(client);
      return client;
    },
    firewallProfile: (overrides = {}) => ({
      service: 'firewall',
      name: `Firewall ${Math.random().toString(16).slice(2)}`,
      baseUrl: certificates.sims.firewall.url,
      apiKey: certificates.sims.firewall.keys.readOnly,
      trust: { mode: 'system' },
      settings: { rateLimit: { requests: 20, windowSeconds: 1 } },
      ...overrides,
    }),
  };
  return certificates;
}
