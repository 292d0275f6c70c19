// The firewall's webhook receiver for npm run screenshots, after deliveries of every outcome: the
// counts and the last deliveries, the refused ones with why.
import type { Browser, Page } from 'playwright-core';
import type { TFunction } from 'i18next';
import { demoProfiles, FIREWALL_DEFAULT_RATE, issueServerCertificate, type Simulators } from '../test/sim/index.ts';
import { openApp } from '../test/support/app-harness.ts';
import { pushEveryOutcome } from '../test/support/firewall-pushes.ts';
import { freePort } from '../test/support/free-port.ts';

export async function captureWebhookReceiver(
  browser: Browser,
  sims: Simulators,
  { t, locale, suffix }: { t: TFunction; locale: string; suffix: string },
  capture: (page: Page, name: string) => Promise<void>,
) {
  const app = await openApp(browser, { locale });
  try {
    const demo = demoProfiles(sims).find((profile) => profile.service === 'firewall')!;
    const { id: profileId } = await app.services.profiles.save({ ...demo, service: 'firewall', settings: { rateLimit: FIREWALL_DEFAULT_RATE } });
    const port = await freePort();
    const leaf = await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
    const signingKey = 'whsec-screenshots';
    await app.services.firewall.webhooks.save({ profileId, enabled: true, host: '127.0.0.1', port, applianceAddress: '127.0.0.1', signingKey, certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem });
    await pushEveryOutcome({ url: `https://127.0.0.1:${port}/hook`, caPem: sims.ca.certPem, signingKey }, { event: 'alert.created', id: 'evt_7f3a9c21' });
    await app.page.reload();
    const firewall = app.page.getByRole('tabpanel', { name: t('views.firewall.title') });
    await firewall.getByRole('navigation', { name: t('firewall.sections.nav') }).getByRole('button', { name: t('firewall.receiver.region') }).click();
    await firewall.getByRole('table', { name: t('firewall.receiver.deliveries.recent') }).getByRole('row').nth(6).waitFor({ timeout: 15_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      await capture(app.page, `firewall-webhook-receiver-deliveries-${colorScheme}${suffix}`);
    }
  } finally {
    await app.close({ removeData: true });
  }
}
