import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { freePort } from '../support/free-port.ts';

const e2e = setUpE2e();

/** Same seed, same keys: started again on its old port, it is the same appliance after a reboot. */
const startFirewall = (port = 0) => e2e.serve(new FirewallSim({ seed: 1, alertCount: 0, caPem: e2e.ca.certPem }), port);

async function addFirewallProfile(target: AppUnderTest, name: string, baseUrl: string, apiKey: string) {
  return target.services.profiles.save(firewallProfile({ name, baseUrl, apiKey, caPem: e2e.ca.certPem, requestsPerSecond: 50 }));
}

describe('views work from the cache', () => {
  test('with the appliance stopped, the Firewall view opens with the offline banner, Retry and its body; restarted, it connects again by itself', async () => {
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
    // The line says since when; Details, when it was last reached.
    expect(await banner.locator('time').first().getAttribute('datetime')).toBe(health.unreachableSince);
    expect(await banner.locator('time').last().getAttribute('datetime')).toBe(health.lastReachedAt);
    expect(await view.getByRole('grid', { name: 'Alerts' }).isVisible()).toBe(true);

    expect(await banner.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);

    const again = await startFirewall(port);
    expect(again.url).toBe(url);
    // While the view is open, main's health read sees the appliance back within seconds: nothing to retry.
    await expect.poll(() => banner.innerText(), { timeout: 10_000 }).toMatch(/^Connected\b/);
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

/** What one place that shows the connection says of it: connected, offline, or something else (its words). */
type Said = 'connected' | 'offline' | `other: ${string}`;

/**
 * What the banner, both sync lines, the open alert's detail and the palette's hits say of the
 * connection, read in one task of the page, so that no render falls between two of them.
 */
async function connectionSaid(view: Locator, profileName: string): Promise<Said[]> {
  const texts = await view.evaluate((panel) => {
    const text = (element: Element | null) => (element instanceof HTMLElement ? element.innerText : '');
    return {
      banner: text(panel.querySelector('section:is(.connection-banner, .connection-quiet)')),
      syncLines: [...panel.querySelectorAll('.fw-sync-item')].map(text),
      detail: text(panel.querySelector('aside.fw-detail')),
      palette: [...document.querySelectorAll('.palette .palette-profile')].map(text),
    };
  });
  const of = (words: string, offline: boolean, connected: boolean): Said => (offline ? 'offline' : connected ? 'connected' : `other: ${words}`);
  const failure = /not reached|could not be reached|cached copy/;
  return [
    of(texts.banner, texts.banner.startsWith('Offline since'), texts.banner.startsWith('Connected')),
    ...texts.syncLines.map((line) => of(line, line.includes('offline'), !failure.test(line))),
    of(texts.detail, texts.detail.includes('The appliance is offline'), texts.detail.includes('Signature') && !failure.test(texts.detail)),
    ...texts.palette.map((tag) => of(tag, tag === `${profileName} · offline`, tag === profileName)),
  ];
}

describe('one connection state, told once', () => {
  test('the appliance goes away and comes back: the banner, both sync lines, the alert detail and the palette agree at every moment, within 10 s of each change', async () => {
    const firewall = await e2e.serve(new FirewallSim({ seed: 1, alertCount: 20, caPem: e2e.ca.certPem }));
    const app = await e2e.openApp({ backgroundSync: true });
    const profile = await addFirewallProfile(app, 'Branch firewall', firewall.url, firewall.keys.readOnly);
    await app.services.firewall.syncNow(profile.id);
    const { page } = app;
    await page.reload();
    const view = page.getByRole('tabpanel', { name: 'Firewall' });
    await expect.poll(() => view.getByRole('region', { name: 'Connection' }).innerText(), { timeout: 15_000 }).toMatch(/^Connected\b/);
    await view.getByRole('grid', { name: 'Alerts' }).getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => view.getByRole('complementary', { name: /^Alert / }).innerText(), { timeout: 15_000 }).toContain('Signature');
    const [newest] = app.services.firewall.alerts.query({ profileId: profile.id, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 1 }).rows;
    const source = newest!.srcIp!;
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill(source);
    await palette.locator(`[data-answer-for="${source}"]`).waitFor();
    // The banner, the two sync lines, the detail and at least one hit from the appliance.
    await expect.poll(async () => (await connectionSaid(view, 'Branch firewall')).length).toBeGreaterThanOrEqual(5);

    /** Polls until every place says `state`, within 10 s, checking that at no moment two places disagreed. */
    const agreeOn = async (state: Said) => {
      const moments: Said[][] = [];
      const saying = async () => {
        const said = await connectionSaid(view, 'Branch firewall');
        moments.push(said);
        return said.filter((each) => each !== state);
      };
      await expect.poll(saying, { timeout: 10_000, interval: 100 }).toEqual([]);
      expect(moments.filter((said) => new Set(said).size > 1), 'moments when the places disagreed').toEqual([]);
    };
    await agreeOn('connected');

    await firewall.goDown();
    await agreeOn('offline');
    await shot(page, 'connection-offline-everywhere');
    // Why, in words, once; the address and port only behind the banner's Details (closed, under the palette).
    const where = new URL(firewall.url).host;
    expect((await view.innerText()).split('nothing answers at its address')).toHaveLength(2);
    expect(await view.innerText()).not.toContain(where);
    expect((await view.evaluate((panel) => panel.textContent)).split(where)).toHaveLength(2);

    // A sync tried meanwhile backs off; it runs again as soon as the appliance answers, not after its backoff.
    await app.services.firewall.syncNow(profile.id);
    await expect.poll(() => app.services.firewall.sync.status(profile.id).map((status) => status.state)).toEqual(['backing-off', 'backing-off']);
    await agreeOn('offline');

    await firewall.comeBack();
    const cameBackAt = new Date().toISOString();
    await agreeOn('connected');
    await expect
      .poll(() => app.services.firewall.sync.status(profile.id).map((status) => status.state === 'idle' && (status.lastSyncedAt ?? '') >= cameBackAt), { timeout: 10_000 })
      .toEqual([true, true]);
    await agreeOn('connected');
    await shot(page, 'connection-back-everywhere');
  });
});
