// Text a server sends cannot disguise itself: a visitor's ticket titled `invoice\u202Efdp.exe` shows
// its direction control as a visible mark in the inbox, in its tab's title and in the notification,
// never as "invoiceexe.pdf".
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SupportSim, SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e();

const disguised = 'invoice\u202Efdp.exe';
const shown = 'invoice⟨U+202E⟩fdp.exe';

describe('direction controls in server text', () => {
  test('are visible marks in the inbox, the tab title and the notification', { timeout: 120_000 }, async () => {
    const sim = await e2e.serve(new SupportSim({ seed: 11, caPem: e2e.ca.certPem }));
    const app = await e2e.openApp({ backgroundSync: true });
    await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sim.url, apiKey: sim.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }));
    // A ticket's toast quotes its subject only when the analyst chose to show everything (the default hides it).
    const { notifications } = app.services;
    notifications.saveSettings({ ...notifications.settings(), desktopPrivacy: { support: 'everything', firewall: 'everything' } });
    const { page } = app;
    await page.reload();
    await page.getByRole('tab', { name: 'Support' }).click();
    const inbox = page.getByRole('tabpanel', { name: 'Support' }).getByRole('region', { name: 'Tickets' });
    await inbox.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => inbox.getByRole('status', { name: 'Support sync' }).innerText(), { timeout: 30_000 }).toMatch(/Tickets last synced/);

    const posted = await call(trustingAgent(e2e.ca.certPem), `${sim.url}${SUPPORT_API_PREFIX}/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
      json: { subject: disguised, message: 'Please find the invoice attached.' },
    });
    expect(posted.status).toBe(200);
    await inbox.getByRole('button', { name: 'Sync now' }).click();

    const row = inbox.getByRole('listbox', { name: 'Ticket list' }).getByRole('option').filter({ hasText: shown });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await inbox.innerText()).not.toContain(disguised);

    await expect.poll(() => app.platform.notifications.map((notification) => notification.body).join('\n'), { timeout: 30_000 }).toContain(shown);
    expect(JSON.stringify(app.platform.notifications)).not.toContain('\u202E');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const center = page.getByRole('dialog', { name: 'Notification center' });
    await expect.poll(() => center.innerText()).toContain(shown);
    await shot(page, 'server-text-notification');
    await page.keyboard.press('Escape');

    // A click shows the ticket beside the list; a double click opens it in its own tab.
    await row.dblclick();
    const tab = page.getByRole('tab', { name: shown, exact: true });
    await expect.poll(() => tab.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('tabpanel', { name: shown }).innerText(), { timeout: 15_000 }).toContain('Please find the invoice attached.');
    expect(await page.getByRole('tablist').innerText()).not.toContain(disguised);
    await shot(page, 'server-text-tab');
  });
});
