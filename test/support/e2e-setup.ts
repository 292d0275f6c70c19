// One e2e file's set-up: Chromium and either a certificate authority or the three simulators for
// the whole file; the apps and simulators a test starts are closed after it, the apps' data removed,
// and the test fails if any dialog its apps opened did not fit the window.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createCertificateAuthority, issueServerCertificate, startSimulators, type CertificateAuthority, type Pem, type SimulatorOptions, type Simulators } from '../sim/index.ts';
import { openApp, type AppUnderTest, type HarnessOptions } from './app-harness.ts';
import { launchChromium } from './chromium.ts';
import { dialogFits, misfits } from './dialog-fit.ts';

export interface E2eOptions {
  /** The three simulators for the whole file; without them, a certificate authority for the simulators a test starts. */
  simulators?: SimulatorOptions;
  /** A folder for the file's files, named with this prefix, removed after the file. */
  scratchPrefix?: string;
}

interface Listening {
  listen(port: number, pem: Pem): Promise<void>;
  close(): Promise<void>;
}

export interface E2e {
  readonly browser: Browser;
  /** The simulators' authority: a profile trusts it, a test issues certificates from it. */
  readonly ca: CertificateAuthority;
  readonly sims: Simulators;
  readonly scratch: string;
  /** The app in Chromium, closed with its data after the test unless the test closed it. */
  openApp(options?: HarnessOptions): Promise<AppUnderTest>;
  /** A certificate for 127.0.0.1 and localhost from the file's authority. */
  localCertificate(): Promise<Pem>;
  /** A simulator listening on `port` (a free one by default) with a certificate from the file's authority, closed after the test unless the test closed it. */
  serve<Sim extends Listening>(sim: Sim, port?: number): Promise<Sim>;
}

export function setUpE2e(options: E2eOptions = {}): E2e {
  let browser: Browser | undefined;
  let ca: CertificateAuthority | undefined;
  let sims: Simulators | undefined;
  let scratch: string | undefined;
  const apps = new Set<AppUnderTest>();
  const served = new Set<Listening>();

  // An e2e test is a user's whole task on a shared 2-core machine (each step polled for up to 15 s: vitest.config.ts).
  vi.setConfig({ testTimeout: 90_000 });
  beforeAll(async () => {
    [browser, sims, ca, scratch] = await Promise.all([
      launchChromium(),
      options.simulators && startSimulators(options.simulators),
      options.simulators ? undefined : createCertificateAuthority(),
      options.scratchPrefix && mkdtemp(path.join(tmpdir(), options.scratchPrefix)),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), sims?.close(), scratch && rm(scratch, { recursive: true, force: true })]);
  });
  /** Dialogs that did not fit in the window of an app the test closed, reported when the test ends. */
  let unfit: string[] = [];
  afterEach(async () => {
    await Promise.all([...[...apps].map((app) => app.close({ removeData: true })), ...[...served].map((sim) => sim.close())]);
    const found = unfit;
    unfit = [];
    if (found.length > 0) throw new Error(`A dialog did not fit its window:\n${found.join('\n')}`);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`No ${what}: this e2e file did not ask for it, or uses it before its set-up ran.`);
    return value;
  };
  const e2e: E2e = {
    get browser() {
      return started(browser, 'browser');
    },
    get ca() {
      return sims?.ca ?? started(ca, 'certificate authority');
    },
    get sims() {
      return started(sims, 'simulators');
    },
    get scratch() {
      return started(scratch, 'scratch folder');
    },
    async openApp(harnessOptions) {
      const app = await openApp(e2e.browser, { watchDialogs: true, ...harnessOptions });
      const tracked: AppUnderTest = {
        ...app,
        async close(closeOptions) {
          apps.delete(tracked);
          unfit.push(...misfits(await dialogFits(app.page)));
          await app.close(closeOptions);
        },
      };
      apps.add(tracked);
      return tracked;
    },
    localCertificate: () => issueServerCertificate(e2e.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }),
    async serve(sim, port = 0) {
      // A test may close a simulator itself (a reboot, a restart); a second close would throw.
      const close = sim.close.bind(sim);
      sim.close = async () => {
        served.delete(sim);
        await close();
      };
      served.add(sim);
      await sim.listen(port, await e2e.localCertificate());
      return sim;
    },
  };
  return e2e;
}
