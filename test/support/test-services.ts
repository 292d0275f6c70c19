// The one way a test builds the app's services: createAppServices as the app calls it, on a fresh
// data folder (unless the test gives one), with a session-only key store, a recording platform and
// a silent log unless the test passes its own. Disposing removes the folder it made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppServices, type AppServices, type AppServicesOptions } from '../../src-main/core/app-services.ts';
import type { KeyStore } from '../../src-main/core/secrets/key-store.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { RecordingPlatform } from './recording-platform.ts';

export interface TestServicesOptions extends Partial<Omit<AppServicesOptions, 'platform'>> {
  platform?: RecordingPlatform;
}

export interface TestServices {
  services: AppServices;
  dataDir: string;
  platform: RecordingPlatform;
  keyStore: KeyStore;
  /** Disposes the services, then removes the data folder if this helper made it. */
  dispose(): Promise<void>;
}

export async function openTestServices(options: TestServicesOptions = {}): Promise<TestServices> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'opsdesk-test-')));
  const platform = options.platform ?? new RecordingPlatform();
  const keyStore = options.keyStore ?? new SessionKeyStore('test');
  const silent = options.logger === undefined && options.logSink === undefined;
  const services = await createAppServices({ ...options, dataDir, platform, keyStore, ...(silent && { logSink: () => {} }) });
  return {
    services,
    dataDir,
    platform,
    keyStore,
    async dispose() {
      await services.dispose();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
