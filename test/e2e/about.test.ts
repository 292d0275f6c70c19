import { describe, expect, test } from 'vitest';
import { en } from '../../src-shared/i18n/en.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 20 } });

declare global {
  interface Window {
    copiedTexts?: string[];
  }
}

describe('Settings → About', () => {
  test('Help → About OpsDesk shows versions, folders, keychain, certificates and proxies; the copied diagnostics hold no key, no host unless ticked, nothing cached', { timeout: 60_000 }, async () => {
    const app = await e2e.openApp();
    const { page, services, platform } = app;
    platform.proxyFor = () => 'PROXY proxy.corp.example:3128';
    const firewallKey = e2e.sims.firewall.keys.demo;
    await services.profiles.save(firewallProfile({ name: 'Branch appliance', baseUrl: e2e.sims.firewall.url, apiKey: firewallKey, caPem: e2e.ca.certPem, requestsPerSecond: 10 }));
    await services.profiles.save({
      service: 'gateway',
      name: 'Lab gateway',
      baseUrl: e2e.sims.gateway.url,
      apiKey: e2e.sims.gateway.keys.demo,
      trust: { mode: 'system-plus-ca', caPem: e2e.ca.certPem },
      proxy: { mode: 'system' },
      settings: { rateTier: 600 },
    });
    const firewallHost = new URL(e2e.sims.firewall.url).host;

    // What Help → About OpsDesk makes main send, once the window listens for it.
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    await expect
      .poll(async () => {
        app.events.publish('app', 'showAbout', null);
        return settings.count();
      })
      .toBe(1);
    const heading = settings.getByRole('heading', { name: 'About OpsDesk' });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => settings.innerText()).toContain('Secret Service (GNOME Keyring or KWallet)');
    const shown = await settings.innerText();
    expect(shown).toContain(`Node.js\n${process.versions.node}`);
    expect(shown).toContain('Electron\nnot running in Electron');
    expect(shown).toContain(`Data folder\n${app.dataDir}`);
    expect(shown).toMatch(/System certificates\n\d+ loaded from the system store/);
    expect(shown).toContain('Model gateway connection 2\nsystem proxy: PROXY proxy.corp.example:3128');
    expect(shown).toContain('Firewall appliance connection 1\ndirect, no proxy');

    await page.evaluate(() => {
      window.copiedTexts = [];
      navigator.clipboard.writeText = async (text: string) => void window.copiedTexts!.push(text);
    });
    const copy = settings.getByRole('button', { name: 'Copy diagnostics' });
    await copy.click();
    await expect.poll(() => settings.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).count()).toBe(1);
    const plain = (await page.evaluate(() => window.copiedTexts!.at(-1)))!;
    expect(plain).toContain(`OpsDesk: 0.0.0-test`);
    expect(plain).toContain(`Log file: ${app.dataDir}/logs/opsdesk.log`);
    for (const hidden of [firewallHost, 'Branch appliance', 'Lab gateway', firewallKey]) expect(plain).not.toContain(hidden);
    // Every line is one of the page's own labels: nothing from the cache (alerts, tickets) rides along.
    const labels = Object.values(en.settings.about).filter((value) => typeof value === 'string').map((value) => value.split('{{')[0]!);
    const serviceTitles = Object.values(en.services).map((service) => service.title);
    for (const line of plain.split('\n')) expect(labels.some((label) => label && line.startsWith(label)) || serviceTitles.some((title) => line.startsWith(title)), line).toBe(true);

    await settings.getByLabel('Include connection names and host names').check();
    await expect.poll(() => settings.innerText()).toContain(`Firewall appliance “Branch appliance” at ${firewallHost}`);
    await copy.click();
    await expect.poll(() => page.evaluate(() => window.copiedTexts!.length)).toBe(2);
    const withHosts = (await page.evaluate(() => window.copiedTexts!.at(-1)))!;
    expect(withHosts).toContain(`Firewall appliance “Branch appliance” at ${firewallHost}: direct, no proxy`);
    expect(withHosts).not.toContain(firewallKey);
  });
});
