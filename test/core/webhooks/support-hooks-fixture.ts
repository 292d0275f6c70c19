// The app's services (createAppServices) with the real keychain, a real SQLite file and one
// support profile against the simulator over real HTTPS; the simulator's webhook sender and the
// services share a fake clock, so the sender's retry waits pass without sleeping.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { KeyStore } from '../../../src-main/core/secrets/key-store.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import type { Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import type { FakeClock } from '../../support/fake-clock.ts';
import { openTestServices } from '../../support/test-services.ts';

export interface App {
  services: AppServices;
  api: OpsDeskApi;
  dataDir: string;
  /** Every log line written so far (already redacted, as the log file gets them). */
  logLines: string[];
}

export async function openApp(clock: FakeClock, keyStore: KeyStore, dataDir?: string): Promise<App> {
  const logLines: string[] = [];
  const { services, dataDir: dir } = await openTestServices({ ...(dataDir && { dataDir }), keyStore, clock, logSink: (entry) => logLines.push(entry.line) });
  return { services, api: bridgeInProcess(services), dataDir: dir, logLines };
}

/** Disposes the services and removes the data folder, also one a reopened app was given. */
export async function removeApp(app: App): Promise<void> {
  await app.services.dispose();
  await rm(app.dataDir, { recursive: true, force: true });
}

export async function addSupportProfile(app: App, sims: Simulators, site = 'site-main', apiKey = sims.support.keys.demo): Promise<string> {
  const { id } = await app.services.profiles.save({
    service: 'support',
    name: `Support ${site}`,
    baseUrl: sims.support.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 10_000, streamIdleMs: 5_000 },
    settings: { site, ratePerMinute: 10_000 },
  });
  return id;
}

/** The SQLite file with its WAL, as bytes in one string. */
export async function databaseBytes(dataDir: string): Promise<string> {
  const files = (await readdir(dataDir)).filter((file) => file.startsWith('opsdesk.sqlite'));
  return (await Promise.all(files.map((file) => readFile(path.join(dataDir, file), 'latin1')))).join('');
}
