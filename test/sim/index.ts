// Starts the three back-end simulators over HTTPS on 127.0.0.1 with a fresh private CA.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src-main/core/lifecycle/clock.ts';
import { createCertificateAuthority, issueServerCertificate } from './certs.ts';
import type { CertificateAuthority, Pem } from './certs.ts';
import type { SimDialect } from './sim-server.ts';
import { GatewaySim } from './gateway.ts';
import { SupportSim } from './support.ts';
import { FirewallSim } from './firewall.ts';

export { createCertificateAuthority, createSelfSignedCertificate, issueServerCertificate } from './certs.ts';
export type { CertificateAuthority, LeafOptions, Pem } from './certs.ts';
export type { Fault, FaultKind, FaultSwitch } from './faults.ts';
export type { RecordedRequest, SimDialect, SimServerBase } from './sim-server.ts';
export { SIM_DIALECTS } from './sim-server.ts';
export type { WebhookDelivery } from './webhook-sender.ts';
export { signBody, WEBHOOK_RETRY_DELAYS_MS } from './webhook-sender.ts';
export { GatewaySim, GATEWAY_TIER_LIMITS, GATEWAY_TRANSCRIPTION_BODY_LIMIT } from './gateway.ts';
export type { GatewayKeyOptions, GatewayTier } from './gateway.ts';
export { GATEWAY_MODELS, simulatedReply } from './gateway-content.ts';
export { simulatedEmbedding, type EmbeddingFault } from './gateway-embeddings.ts';
export type { ChatMessage, Reply } from './gateway-content.ts';
export { SupportSim, SUPPORT_API_PREFIX, SUPPORT_KB_TOP_K, SUPPORT_LIST_LIMIT, SUPPORT_PLAIN_SITE_IDS, SUPPORT_PLAIN_SITE_PARAMETER, SUPPORT_SITE_HEADER, SUPPORT_WEBHOOK_EVENTS, maskPhone } from './support.ts';
export type { SupportKeys } from './support.ts';
export { SUPPORT_DEFAULT_RATE_PER_MINUTE, SUPPORT_DEFAULT_SCOPES, SUPPORT_SCOPES } from './support-keys.ts';
export type { SupportKeyOptions, SupportKeyType } from './support-keys.ts';
export { SUPPORT_SITES } from './support-data.ts';
export { FirewallSim, FIREWALL_API_PREFIX, FIREWALL_DEFAULT_RATE, FIREWALL_EVENTS, FIREWALL_PAGE_SIZE } from './firewall.ts';
export type { AlertView, EventPush, FirewallEdition, FirewallKeyOptions, FirewallKeys, FirewallRole, FirewallWebhook } from './firewall.ts';
export { HOSTILE_STRINGS } from './hostile.ts';
export { demoProfiles, writeDemoProfiles } from './demo-profiles.ts';
export type { DemoProfile } from './demo-profiles.ts';

export const DEFAULT_ALERT_COUNT = 3000;
export const MAX_ALERT_COUNT = 100_000;

export interface SimulatorOptions {
  seed?: number; // default 1
  alertCount?: number; // default 3000, up to 100000
  ports?: { gateway?: number; support?: number; firewall?: number }; // 0 = random (default)
  caDir?: string; // where ca.pem is written; default a fresh temp dir, removed on close
  activity?: boolean; // periodic new alerts, blocks, tickets for demos; default false
  dialect?: SimDialect; // the shapes served where the documents say "not shown"; default 'opsdesk'
  clock?: Clock; // the simulators' time (rate windows, key expiry, reports, activity, webhook retries, recorded requests); default the system's
}

export interface Simulators {
  ca: CertificateAuthority & { file: string };
  gateway: GatewaySim;
  support: SupportSim;
  firewall: FirewallSim;
  close(): Promise<void>;
}

export async function startSimulators(options: SimulatorOptions = {}): Promise<Simulators> {
  const seed = options.seed ?? 1;
  const alertCount = options.alertCount ?? DEFAULT_ALERT_COUNT;
  if (!Number.isInteger(alertCount) || alertCount < 0 || alertCount > MAX_ALERT_COUNT) {
    throw new Error(`alertCount must be an integer from 0 to ${MAX_ALERT_COUNT}`);
  }
  const ownsCaDir = options.caDir === undefined;
  const caDir = options.caDir ?? (await mkdtemp(path.join(tmpdir(), 'opsdesk-sim-')));
  await mkdir(caDir, { recursive: true });
  const ca = await createCertificateAuthority('OpsDesk Simulator CA');
  const caFile = path.join(caDir, 'ca.pem');
  await writeFile(caFile, ca.certPem, { mode: 0o644 });
  const leaf: Pem = await issueServerCertificate(ca, { hostnames: ['localhost'], ips: ['127.0.0.1', '::1'] });

  const gateway = new GatewaySim(seed);
  const support = new SupportSim({ seed, caPem: ca.certPem, clock: options.clock });
  const firewall = new FirewallSim({ seed, alertCount, caPem: ca.certPem, clock: options.clock });
  const all = [gateway, support, firewall];
  for (const sim of all) sim.setDialect(options.dialect ?? 'opsdesk');
  try {
    await gateway.listen(options.ports?.gateway ?? 0, leaf);
    await support.listen(options.ports?.support ?? 0, leaf);
    await firewall.listen(options.ports?.firewall ?? 0, leaf);
  } catch (error) {
    await Promise.all(all.map((sim) => sim.close()));
    if (ownsCaDir) await rm(caDir, { recursive: true, force: true });
    throw error;
  }
  if (options.activity) {
    support.setActivity(true);
    firewall.setActivity(true);
  }
  return {
    ca: { ...ca, file: caFile },
    gateway,
    support,
    firewall,
    async close() {
      await Promise.all(all.map((sim) => sim.close()));
      if (ownsCaDir) await rm(caDir, { recursive: true, force: true });
    },
  };
}
