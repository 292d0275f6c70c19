// A server that follows the documents but made other choices (the simulators' plain dialect):
// the demo profiles connect, Settings shows what OpsDesk learned, and the site can be set by hand.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { writeDemoProfiles } from '../sim/demo-profiles.ts';
import { setUpE2e } from '../support/e2e-setup.ts';

const e2e = setUpE2e({ simulators: { alertCount: 20, dialect: 'plain' }, scratchPrefix: 'opsdesk-e2e-other-servers-' });

async function openSettings(page: Page) {
  await page.keyboard.press('Control+t');
  await page.keyboard.type('Settings');
  await page.keyboard.press('Enter');
  return page.getByRole('tabpanel', { name: 'Settings' });
}

describe('a server with other documented choices', () => {
  test('connects, and Settings shows what the servers said about themselves; the site can be set by hand', { timeout: 60_000 }, async () => {
    const demoFile = path.join(e2e.scratch, 'demo-profiles.json');
    await writeDemoProfiles(demoFile, e2e.sims);
    const app = await e2e.openApp({ importProfilesFrom: demoFile, logSink: () => {} });
    const { page } = app;
    const settings = await openSettings(page);

    const firewall = settings.getByRole('listitem', { name: 'Simulated firewall connection' });
    await firewall.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => firewall.innerText(), { timeout: 15_000 }).toMatch(/Version V3\.6\.2 build 20251014 · Enterprise Edition · up 20\s?d.* · CPU 17\.4% · memory 41\.8% · 15,230 sessions · Server describes \d+ operations/);

    const support = settings.getByRole('listitem', { name: 'Simulated support (site-main) connection' });
    await support.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => support.innerText(), { timeout: 15_000 }).toContain("Site sent in query parameter site_id (from the server's description)");
    // Its switches are keyed by channel: every one of the site's is listed with its state.
    expect(await support.innerText()).toMatch(/Sites: 1024, 1025, 1026 · API channel 1024 open, 1025 open, 1026 closed · Channels of the site: api open, web_widget open[\s\S]*Can .*read contacts/);

    // Told to send the site in a header this server ignores, a profile naming another site is caught.
    await support.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit customer support connection' });
    await form.getByLabel('Site', { exact: true }).selectOption('1025');
    await form.getByLabel('Send the site in').selectOption('header');
    await form.getByLabel('Header name').fill('X-SVC-Site');
    await form.getByRole('button', { name: 'Save and test' }).click();
    await expect.poll(() => support.innerText(), { timeout: 15_000 }).toContain("answered for site '1024', not for '1025'");

    await support.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Site', { exact: true }).fill('1024');
    await form.getByLabel('Send the site in').selectOption('query');
    await form.getByLabel('Parameter name').fill('site_id');
    await form.getByRole('button', { name: 'Save and test' }).click();
    await expect.poll(() => support.innerText(), { timeout: 15_000 }).toContain('Site sent in query parameter site_id (as the profile says)');
  });
});
