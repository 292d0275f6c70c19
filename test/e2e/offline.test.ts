import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { freePort } from '../support/free-port.ts';

const e2e = setUpE2e();

/** Same seed, same keys: started again on its old port, it is the same appliance after a reboot. */
const startFirewall = (port = 0) => e2e.serve(new FirewallSim({ seed: 1, alertCount: 0, caPem: e2e.ca.certPem }), port);

async function addFirewallProfile(target: AppUnderTest, name: string, baseUrl: string, apiKey: string) {
  return target.services.profiles.save(firewallProfile({ name, baseUrl, apiKey, caPem: e2e.ca.certPem, requestsPerSecond: 50 }));
}

describe('views work from the cache', () => {
  test('with the appliance stopped, the Firewall view opens with the offline banner and its body; Retry after a restart connects', async () => {
    const firewall = await startFirewall();
    const app = await e2e.openApp();
    const profile = await addFirewallProfile(app, 'Branch firewall', firewall.url, firewall.keys.readOnly);
    await app.services.clients.testConnection(profile.id);
    const { port, url } = firewall;
    await firewall.close();

    const { page } = app;
    await page.reload();
    const view = page.getByRole('tabpanel', { name: 'Firewall' });
    const banner = view.getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Offline');
    const health = app.services.health.of(profile.id);
    expect(health.state).toBe('unreachable');
    expect(await banner.innerText(), 'the protocol detail waits behind Details').not.toContain(health.error!.message);
    await banner.getByText('Details', { exact: true }).click();
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
    const app = await e2e.openApp();
    await addFirewallProfile(app, 'Unplugged firewall', `https://127.0.0.1:${await freePort()}/api/v1`, keys.readOnly);
    await app.page.reload();
    const banner = app.page.getByRole('tabpanel', { name: 'Firewall' }).getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Offline');
    expect(await banner.innerText()).toContain('never reached');
    expect(await banner.getByRole('button', { name: 'Open Settings' }).isVisible()).toBe(true);
  });
});
