import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { writeDemoProfiles } from '../sim/demo-profiles.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 200 }, scratchPrefix: 'opsdesk-e2e-connections-' });
const ipcLog: { channel: string; result: unknown }[] = [];
const logLines: string[] = [];
const logSink = (record: { line: string }) => void logLines.push(record.line);

/** Every key the simulators issue, whole and by its secret part, for the leak scans. */
function secretsToScanFor(): string[] {
  const keys = [
    ...Object.values(e2e.sims.gateway.keys),
    ...Object.values(e2e.sims.support.keys),
    ...Object.values(e2e.sims.firewall.keys),
  ].filter((key): key is string => typeof key === 'string');
  return [...keys, ...keys.map((key) => key.split('.').at(-1)!).filter((part) => part.length >= 8)];
}

async function expectNoKeyLeaked(page: Page, moreSecrets: string[] = []) {
  const dom = await page.content();
  const ipc = JSON.stringify(ipcLog);
  const log = logLines.join('\n');
  for (const secret of [...secretsToScanFor(), ...moreSecrets]) {
    expect(dom, 'DOM text contains a key').not.toContain(secret);
    expect(ipc, 'an IPC result or event contains a key').not.toContain(secret);
    expect(log, 'a log line contains a key').not.toContain(secret);
  }
}

async function openSettings(page: Page) {
  await page.keyboard.press('Control+t');
  await page.keyboard.type('Settings');
  await page.keyboard.press('Enter');
  return page.getByRole('tabpanel', { name: 'Settings' });
}

describe('connections, as a new user tries them', () => {
  test('the demo profiles connect in every view and in Settings', async () => {
    const demoFile = path.join(e2e.scratch, 'demo-profiles.json');
    await writeDemoProfiles(demoFile, e2e.sims);
    const app = await e2e.openApp({ importProfilesFrom: demoFile, ipcLog, logSink });
    const { page } = app;

    // One line says connected; what the test learned is behind Details.
    const details = async (view: string, line: RegExp, learned: RegExp) => {
      await page.getByRole('tab', { name: view }).click();
      const banner = page.getByRole('tabpanel', { name: view }).getByRole('region', { name: 'Connection' });
      // Quiet in the view's header: a dot and a word, the connection's name in the header beside it and on hover.
      await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toMatch(/^Connected\b/);
      expect(await banner.getByTitle(line).count()).toBe(1);
      expect(await banner.innerText()).not.toMatch(learned);
      await banner.getByText('Details', { exact: true }).click();
      expect(await banner.innerText()).toMatch(learned);
    };
    await details('Firewall', /Connected to Simulated firewall/, /Version \S+ · enterprise edition · up/);
    await details('Support', /Connected to Simulated support \(site-main\)/, /Sites: .*site-main[\s\S]*Can read tickets, reply to tickets/);
    await details('Chat', /Connected to Simulated model gateway/, /\d+ models available/);

    const settings = await openSettings(page);
    for (const name of ['Simulated model gateway', 'Simulated support (site-main)', 'Simulated firewall']) {
      const row = settings.getByRole('listitem', { name: `${name} connection` });
      await row.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Connected ·');
      expect(await row.innerText()).toMatch(/key (sk-|svc_test_|\S+…)/);
    }
    await expectNoKeyLeaked(page);
  });

  test('adding a firewall by hand: certificate prompt with its fingerprint, trust, connected', async () => {
    const app = await e2e.openApp({ ipcLog, logSink });
    const { page } = app;
    const settings = await openSettings(page);
    const firewallSection = settings.getByRole('region', { name: 'Firewall appliance' });
    await firewallSection.getByRole('button', { name: 'Add connection' }).click();

    const form = page.getByRole('dialog', { name: 'Add firewall appliance connection' });
    await form.getByLabel('Name').fill('Lab firewall');
    await page.keyboard.press('Control+w');
    expect(await form.isVisible(), 'Ctrl+W behind a dialog closes nothing').toBe(true);
    expect(await page.getByRole('tab', { name: 'Settings' }).count()).toBe(1);
    await form.getByLabel('Address').fill(e2e.sims.firewall.url);
    await form.getByLabel('API key').fill(e2e.sims.firewall.keys.operations);
    await form.getByRole('button', { name: 'Save and test' }).click();

    const prompt = page.getByRole('dialog', { name: 'Untrusted certificate' });
    await expect.poll(() => prompt.isVisible(), { timeout: 15_000 }).toBe(true);
    const fingerprint = prompt.getByRole('group', { name: 'SHA-256 fingerprint' });
    expect((await fingerprint.innerText()).replace(/\s+/g, '')).toBe(e2e.sims.firewall.leafSha256);
    // Eight groups of four bytes, none broken inside: each group is one line of text, as long as its neighbours.
    const groups = await fingerprint.locator('.fingerprint-group').evaluateAll((spans) => spans.map((span) => [span.textContent!.replace(/:$/, ''), span.getClientRects().length]));
    expect(groups).toHaveLength(8);
    for (const [text, lines] of groups) expect([text, lines]).toEqual([expect.stringMatching(/^([0-9A-F]{2}:){3}[0-9A-F]{2}$/), 1]);
    expect(await prompt.innerText()).toContain('OpsDesk Simulator CA');
    expect(await prompt.innerText()).toContain('127.0.0.1');
    await prompt.getByRole('button', { name: 'Trust for “Lab firewall”' }).click();

    const row = firewallSection.getByRole('listitem', { name: 'Lab firewall connection' });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/Connected · Version/);
    expect(await row.innerText()).toContain('trusts pinned certificate');
    expect(ipcLog.some((entry) => entry.channel === 'profiles:event:changed'), 'events are among what is scanned').toBe(true);
    await expectNoKeyLeaked(page);
  });

  test('a bad support key is refused on entry; an imported CA connects; a live key shows LIVE', { timeout: 60_000 }, async () => {
    const app = await e2e.openApp({ ipcLog, logSink });
    const { page } = app;
    const settings = await openSettings(page);
    const support = settings.getByRole('region', { name: 'Customer support' });
    await support.getByRole('button', { name: 'Add connection' }).click();
    const form = page.getByRole('dialog', { name: 'Add customer support connection' });
    await form.getByLabel('Name').fill('Support production');
    await form.getByLabel('Address').fill(e2e.sims.support.url);
    await form.getByLabel('API key').fill('svc_live_nothex.secret');
    await form.getByRole('button', { name: 'Save and test' }).click();
    await expect.poll(() => form.innerText()).toContain('A support key looks like svc_live_<12 hex>.<secret>');

    await form.getByLabel('API key').fill(e2e.sims.support.keys.live);
    await form.getByRole('radio', { name: 'Only a CA I import' }).check();
    await form.getByLabel('CA certificate (PEM)').fill(e2e.sims.ca.certPem);
    await form.getByRole('button', { name: 'Save and test' }).click();

    const row = support.getByRole('listitem', { name: 'Support production connection' });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Connected ·');
    expect(await row.getByText('LIVE', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Support' }).click();
    const tickets = page.getByRole('tabpanel', { name: 'Support' });
    await expect.poll(() => tickets.getByRole('region', { name: 'Connection' }).getByTitle('Connected to Support production').count(), { timeout: 15_000 }).toBe(1);
    expect(await tickets.getByText('LIVE', { exact: true }).isVisible()).toBe(true);
    await expectNoKeyLeaked(page);
  });

  test('a refused key shows what failed and what to do; without a keychain Settings says keys last this session only', async () => {
    const app = await e2e.openApp({ ipcLog, logSink, keyStore: new SessionKeyStore('No Secret Service is running on this desktop.') });
    const { page } = app;
    await app.services.profiles.save(
      firewallProfile({ name: 'Old appliance key', baseUrl: e2e.sims.firewall.url, apiKey: e2e.sims.firewall.keys.expired, caPem: e2e.ca.certPem, requestsPerSecond: 10 }),
    );
    await page.reload();
    const firewall = page.getByRole('tabpanel', { name: 'Firewall' });
    await expect.poll(() => firewall.getByRole('region', { name: 'Connection' }).innerText(), { timeout: 15_000 }).toContain('Not connected');
    await firewall.getByRole('region', { name: 'Connection' }).getByText('Details', { exact: true }).click();
    expect(await firewall.innerText()).toContain('Cannot reach Old appliance key');
    const notice = await firewall.getByRole('alert').innerText();
    expect(notice).toContain('HTTP 401');
    expect(notice).toMatch(/expired/i);
    await firewall.getByRole('button', { name: 'Open Settings' }).click();

    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    await expect.poll(() => settings.innerText()).toContain('Keys are kept for this session only.');
    expect(await settings.innerText()).toContain('No Secret Service is running on this desktop.');
    await expectNoKeyLeaked(page);
  });

  test('a gateway that echoes the key back in its request id and message: the window shows the failure, never the key', async () => {
    // A key of no known shape, so only its registration can take it out.
    const key = 'opaque-echoed-key-5d1e9a7c3b2f4e60';
    const leaf = await e2e.localCertificate();
    const echoing = createServer({ cert: leaf.certPem, key: leaf.keyPem }, (request, response) => {
      const sent = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.writeHead(400, { 'content-type': 'application/json', 'x-request-id': `req-${sent}` });
      response.end(JSON.stringify({ error: { code: 'invalid_request', message: `Unknown key ${sent}` } }));
    });
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
    try {
      const app = await e2e.openApp({ ipcLog, logSink });
      const { page } = app;
      await app.services.profiles.save({
        service: 'gateway',
        name: 'Echoing gateway',
        baseUrl: `https://127.0.0.1:${(echoing.address() as AddressInfo).port}/v1`,
        apiKey: key,
        trust: { mode: 'ca-only', caPem: e2e.sims.ca.certPem },
        settings: { rateTier: 600 },
      });
      const settings = await openSettings(page);
      const row = settings.getByRole('listitem', { name: 'Echoing gateway connection' });
      await row.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Connection failed');
      expect(await row.innerText()).toContain('request req-[redacted]');
      await expectNoKeyLeaked(page, [key]);
    } finally {
      await new Promise<void>((resolve) => echoing.close(() => resolve()));
    }
  });
});
