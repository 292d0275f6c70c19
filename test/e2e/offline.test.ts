import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createCertificateAuthority, FirewallSim, issueServerCertificate } from '../sim/index.ts';
import type { CertificateAuthority } from '../sim/index.ts';
import { openApp } from '../support/app-harness.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { launchChromium } from '../support/chromium.ts';

let browser: Browser;
let ca: CertificateAuthority;
let app: AppUnderTest | undefined;
const running = new Set<FirewallSim>();

beforeAll(async () => {
  [browser, ca] = await Promise.all([launchChromium(), createCertificateAuthority()]);
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await Promise.all([app?.close({ removeData: true }), ...[...running].map((sim) => sim.close())]);
  running.clear();
  app = undefined;
});

/** Same seed, same keys: started again on its old port, it is the same appliance after a reboot. */
async function startFirewall(port = 0): Promise<FirewallSim> {
  const firewall = new FirewallSim({ seed: 1, alertCount: 0, caPem: ca.certPem });
  running.add(firewall);
  await firewall.listen(port, await issueServerCertificate(ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
  return firewall;
}

async function stopFirewall(firewall: FirewallSim): Promise<void> {
  running.delete(firewall);
  await firewall.close();
}

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function addFirewallProfile(target: AppUnderTest, name: string, baseUrl: string, apiKey: string) {
  return target.services.profiles.save({
    service: 'firewall',
    name,
    baseUrl,
    apiKey,
    trust: { mode: 'ca-only', caPem: ca.certPem },
    settings: { rateLimit: { requests: 50, windowSeconds: 1 } },
  });
}

describe('views work from the cache', () => {
  test('with the appliance stopped, the Firewall view opens with the offline banner and its body; Retry after a restart connects', async () => {
    const firewall = await startFirewall();
    app = await openApp(browser);
    const profile = await addFirewallProfile(app, 'Branch firewall', firewall.url, firewall.keys.readOnly);
    await app.services.clients.testConnection(profile.id);
    const { port, url } = firewall;
    await stopFirewall(firewall);

    const { page } = app;
    await page.reload();
    const view = page.getByRole('tabpanel', { name: 'Firewall' });
    const banner = view.getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Offline');
    const health = app.services.health.of(profile.id);
    expect(health.state).toBe('unreachable');
    expect(await banner.innerText()).toContain(health.error!.message);
    expect(health.lastReachedAt).not.toBeNull();
    expect(await banner.locator('time').getAttribute('datetime')).toBe(health.lastReachedAt);
    expect(await view.getByRole('grid', { name: 'Alerts' }).isVisible()).toBe(true);

    const again = await startFirewall(port);
    expect(again.url).toBe(url);
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Connected to Branch firewall');
    expect(await view.getByRole('grid', { name: 'Alerts' }).isVisible()).toBe(true);
  });

  test('an appliance that has never answered is offline and "never reached"', async () => {
    const keys = (await startFirewall()).keys;
    app = await openApp(browser);
    await addFirewallProfile(app, 'Unplugged firewall', `https://127.0.0.1:${await unusedPort()}/api/v1`, keys.readOnly);
    await app.page.reload();
    const banner = app.page.getByRole('tabpanel', { name: 'Firewall' }).getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Offline');
    expect(await banner.innerText()).toContain('never reached');
    expect(await banner.getByRole('button', { name: 'Open Settings' }).isVisible()).toBe(true);
  });
});
