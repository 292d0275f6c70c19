/**
 * npm run screenshots: every view in Debian's Chromium on live simulator data, light and dark, in
 * English and Simplified Chinese (the browser's language, which the app follows), with the real
 * handler map behind it, at 1280×800 and 1920×1080, written to screenshots/<view>-<scheme>.png,
 * <view>-<scheme>-zh-CN.png and the same names ending in -1920. Every shot is measured by the layout
 * check (`test/support/layout-measures.ts`); the script lists what it found and fails at the end.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FirewallSim, issueServerCertificate, startSimulators, type FirewallEdition } from '../test/sim/index.ts';
import { writeDemoProfiles } from '../test/sim/demo-profiles.ts';
import { openApp, type AppUnderTest } from '../test/support/app-harness.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { layoutProblems } from '../test/support/layout-measures.ts';
import { firewallProfile } from '../test/support/firewall-profile.ts';
import { captureCases } from './screenshots-cases.ts';
import { captureChat } from './screenshots-chat.ts';
import { captureOutbox } from './screenshots-outbox.ts';
import { captureSupportInbox } from './screenshots-support-inbox.ts';
import { captureSupportDesk } from './screenshots-support-desk.ts';
import { captureWebhookReceiver } from './screenshots-webhook-receiver.ts';
import type { Language } from '../src-shared/i18n/languages.ts';
import { createTranslator } from '../src-shared/i18n/translator.ts';
import { databaseUpdatePage, DATABASE_UPDATE_WINDOW_SIZE } from '../src-main/electron/database-update-page.ts';
import { defaultSentFields } from '../src-shared/contract/assistant.ts';

const outDir = path.resolve(import.meta.dirname, '../screenshots');
await mkdir(outDir, { recursive: true });
const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-screenshots-'));
const sims = await startSimulators();
const profilesFile = path.join(scratch, 'profiles.json');
await writeDemoProfiles(profilesFile, sims);
const browser = await launchChromium();

/** The browser language each pass runs in, and what its file names end with. */
const passes: { language: Language; locale: string; suffix: string }[] = [
  { language: 'en', locale: 'en-US', suffix: '' },
  { language: 'zh-CN', locale: 'zh-CN', suffix: '-zh-CN' },
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The window sizes every view is shot at: a laptop's, and a desktop monitor's (named `-1920`). */
const WINDOW = { width: 1280, height: 800 };
const WIDE_WINDOW = { width: 1920, height: 1080 };

async function capture(page: Page, name: string) {
  await page.waitForTimeout(250);
  await shoot(page, `${name}.png`);
  // A window of its own size (the database update's) is shot as it is.
  const size = page.viewportSize();
  if (size?.width !== WINDOW.width || size.height !== WINDOW.height) return;
  await page.setViewportSize(WIDE_WINDOW);
  await page.waitForTimeout(250);
  await shoot(page, `${name}-1920.png`);
  await page.setViewportSize(WINDOW);
  await page.waitForTimeout(100);
}

/** What the layout check found in each shot, printed as found and again at the end, which then fails. */
const layoutFindings: string[] = [];

async function shoot(page: Page, fileName: string) {
  const file = path.join(outDir, fileName);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
  for (const problem of await layoutProblems(page)) {
    const finding = `${fileName}: ${problem}`;
    layoutFindings.push(finding);
    console.log(`  layout: ${problem}`);
  }
}

async function showTab(page: Page, title: string) {
  const tab = page.getByRole('tab', { name: title });
  if ((await tab.count()) === 0) {
    await page.keyboard.press('Control+t');
    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
  } else {
    await tab.click();
  }
  return page.getByRole('tabpanel', { name: title });
}

async function showSection(firewall: Locator, name: string) {
  await firewall.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name }).click();
  return firewall.getByRole('region', { name });
}

/** The page in light, then in dark. */
async function captureBothSchemes(page: Page, name: (colorScheme: 'light' | 'dark') => string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await capture(page, name(colorScheme));
  }
}

/** An appliance beside the simulators, with a certificate from their CA. */
async function startAppliance(alertCount: number, edition?: FirewallEdition): Promise<FirewallSim> {
  const appliance = new FirewallSim({ seed: 1, alertCount, caPem: sims.ca.certPem });
  if (edition) appliance.setEdition(edition);
  await appliance.listen(0, await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
  return appliance;
}

const addFirewall = (app: AppUnderTest, name: string, baseUrl: string, apiKey: string) =>
  app.services.profiles.save(firewallProfile({ name, baseUrl, apiKey, caPem: sims.ca.certPem, requestsPerSecond: 50 }));

/** The Firewall tab once a sync has filled its cache. */
async function syncedFirewall(page: Page) {
  const firewall = await showTab(page, 'Firewall');
  await firewall.getByRole('button', { name: 'Sync now' }).waitFor({ timeout: 15_000 });
  await firewall.getByRole('button', { name: 'Sync now' }).click();
  await firewall.getByRole('status', { name: 'Matching alerts' }).getByText(/^[1-9][\d,]* alerts$/).waitFor({ timeout: 60_000 });
  return firewall;
}

try {
  for (const { language, locale, suffix } of passes) {
    const { t } = createTranslator(language);
    const banner = new RegExp([t('connection.connectedShort'), t('connection.cannotReach', { name: '' })].map((text) => escape(text.trim())).join('|'));
    for (const colorScheme of ['light', 'dark'] as const) {
      const app = await openApp(browser, { importProfilesFrom: profilesFile, locale });
      const { page } = app;
      await page.emulateMedia({ colorScheme });
      for (const kind of ['firewall', 'support', 'chat'] as const) {
        const panel = await showTab(page, t(`views.${kind}.title`));
        await panel.getByText(banner).first().waitFor({ timeout: 15_000 });
        await capture(page, `${kind}-${colorScheme}${suffix}`);
      }
      // The firewall's administration sections, each with the simulator's data showing.
      const firewall = await showTab(page, t('views.firewall.title'));
      for (const section of ['status', 'policies', 'addressObjects', 'logs', 'devices', 'honeypots', 'reports'] as const) {
        await firewall.getByRole('button', { name: t(`firewallAdmin.sections.${section}`), exact: true }).click();
        const region = firewall.getByRole('region', { name: t(`firewallAdmin.${section}.region`) });
        if (section === 'status') await region.locator('.admin-card').first().waitFor({ timeout: 15_000 });
        else if (section === 'logs') {
          await region.getByRole('button', { name: t('firewallAdmin.logs.search') }).click();
          await region.getByRole('region', { name: t('firewallAdmin.logs.results') }).getByRole('row').nth(1).waitFor({ timeout: 15_000 });
        } else await region.getByRole('row').nth(1).waitFor({ timeout: 15_000 });
        await capture(page, `firewall-admin-${section}-${colorScheme}${suffix}`);
      }
      await showTab(page, t('views.chat.title'));
      await captureChat(page, app.platform, sims, t, (state) => `${state}-${colorScheme}${suffix}`, capture);
      const settings = await showTab(page, t('views.settings.title'));
      for (const button of await settings.getByRole('button', { name: t('settings.row.test') }).all()) await button.click();
      await page.waitForFunction((testing) => !document.body.innerText.includes(testing), t('settings.row.testing'));
      await capture(page, `settings-${colorScheme}${suffix}`);

      await settings.getByRole('region', { name: t('services.firewall.title') }).getByRole('button', { name: t('settings.section.add') }).click();
      const form = page.getByRole('dialog', { name: t('settings.form.addTitle', { service: t('services.firewall.noun') }) });
      await form.getByLabel(t('settings.form.name')).fill('Branch office firewall');
      await form.getByLabel(t('settings.form.address')).fill(sims.firewall.url);
      await form.getByLabel(t('settings.form.apiKey')).fill(sims.firewall.keys.operations);
      await capture(page, `settings-add-connection-${colorScheme}${suffix}`);
      await form.getByRole('button', { name: t('settings.form.save') }).click();
      await page.getByRole('dialog', { name: t('settings.certificate.title') }).waitFor({ timeout: 15_000 });
      await capture(page, `settings-certificate-prompt-${colorScheme}${suffix}`);
      await app.close({ removeData: true });
    }

    await captureSupportDesk(browser, sims, { t, locale, suffix }, capture);

    // A firewall view whose appliance answered once and then went away.
    const appliance = await startAppliance(0);
    const app = await openApp(browser, { locale });
    const profile = await addFirewall(app, 'Branch office firewall', appliance.url, appliance.keys.readOnly);
    await app.services.clients.testConnection(profile.id);
    // What the key may do is learned while the appliance answers, as a window open before it went away would have.
    await app.services.firewall.capabilities.get(profile.id);
    await appliance.close();
    await app.page.reload();
    const offline = app.page.getByRole('tabpanel', { name: t('views.firewall.title') });
    await offline.getByRole('button', { name: t('connection.retry') }).waitFor({ timeout: 15_000 });
    // What the read-only key may do, as main learned it before the appliance went away, is its own read.
    await offline.getByRole('note', { name: t('firewall.readOnly.label') }).waitFor({ timeout: 15_000 });
    await captureBothSchemes(app.page, (colorScheme) => `firewall-offline-${colorScheme}${suffix}`);
    await app.close({ removeData: true });

    // The free WAF edition: the view says once, above the sections, why they are read-only, before any try.
    const freeEdition = await startAppliance(0, 'free-waf');
    const freeApp = await openApp(browser, { locale });
    await addFirewall(freeApp, 'Web application firewall', freeEdition.url, freeEdition.keys.demo);
    await freeApp.page.reload();
    const freePanel = freeApp.page.getByRole('tabpanel', { name: t('views.firewall.title') });
    for (const section of ['policies', 'honeypots'] as const) {
      await freePanel.getByRole('button', { name: t(`firewallAdmin.sections.${section}`), exact: true }).click();
      await freePanel.getByRole('note', { name: t('firewall.readOnly.label') }).waitFor({ timeout: 15_000 });
      await capture(freeApp.page, `firewall-admin-${section}-free-edition${suffix}`);
    }
    await freeApp.close({ removeData: true });
    await freeEdition.close();

    await captureOutbox(browser, sims, { t, locale, suffix }, capture);
    await captureWebhookReceiver(browser, sims, { t, locale, suffix }, capture);
    await captureCases(browser, sims, { t, locale, suffix }, capture);
  }

  // The firewall workspace on a synced cache: each section, a detail, the notification center
  // after a burst of new alerts.
  {
    const app = await openApp(browser, { importProfilesFrom: profilesFile, backgroundSync: true });
    const { page } = app;
    const firewall = await syncedFirewall(page);
    sims.firewall.addAlerts(40);
    await firewall.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor({ timeout: 30_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await showSection(firewall, 'Alerts');
      await firewall.getByRole('rowgroup', { name: 'Alerts rows' }).focus();
      await page.keyboard.press('Home');
      await capture(page, `firewall-alerts-${colorScheme}`);
      await page.keyboard.press('Enter');
      await firewall.getByRole('complementary', { name: /^Alert / }).getByText('Signature').waitFor();
      await capture(page, `firewall-alert-detail-${colorScheme}`);
      await page.keyboard.press('Escape');
      await firewall.getByRole('rowgroup', { name: 'Alerts rows' }).locator('[role="gridcell"]').nth(4).click({ button: 'right' });
      await capture(page, `firewall-alerts-cell-menu-${colorScheme}`);
      await page.keyboard.press('Escape');
      const blocklist = await showSection(firewall, 'Block list');
      await blocklist.getByRole('table', { name: 'Block list' }).waitFor();
      await capture(page, `firewall-blocklist-${colorScheme}`);
      await blocklist.getByRole('button', { name: 'Add block' }).click();
      await capture(page, `firewall-blocklist-add-${colorScheme}`);
      await blocklist.getByRole('button', { name: 'Cancel' }).click();
      await blocklist.getByRole('row', { name: /^Block / }).first().hover();
      await blocklist.getByRole('row', { name: /^Block / }).first().getByRole('button', { name: /^Unblock / }).click();
      await capture(page, `firewall-unblock-confirm-${colorScheme}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await (await showSection(firewall, 'Allow list')).getByRole('table').waitFor();
      await capture(page, `firewall-allowlist-${colorScheme}`);
      await (await showSection(firewall, 'Domain rules')).getByRole('table').waitFor();
      await capture(page, `firewall-domain-rules-${colorScheme}`);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notification center' }).waitFor();
      await capture(page, `notification-center-${colorScheme}`);
      await page.keyboard.press('Escape');
      await (await showSection(firewall, 'Sync settings')).getByRole('form').waitFor();
      await capture(page, `firewall-sync-settings-${colorScheme}`);
      await (await showSection(firewall, 'Webhook receiver')).getByRole('form').waitFor();
      await capture(page, `firewall-webhook-receiver-${colorScheme}`);
    }
    // A block-list entry in its own tab, with the alerts from its address.
    const firstBlock = (await showSection(firewall, 'Block list')).getByRole('row', { name: /^Block / }).first();
    await firstBlock.hover();
    await firstBlock.getByRole('button', { name: /^Open block / }).click();
    await page.getByRole('tabpanel', { name: /^Block / }).getByRole('region', { name: 'Block-list entry' }).locator('.fw-block-origin li, .fw-block-origin p').first().waitFor({ timeout: 15_000 });
    await captureBothSchemes(page, (colorScheme) => `block-tab-${colorScheme}`);
    await page.getByRole('tab', { name: 'Firewall' }).click();
    await showSection(firewall, 'Alerts');
    await firewall.getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await firewall.getByRole('button', { name: 'Open in tab' }).click();
    await page.getByRole('tabpanel', { name: /^Alert / }).getByText('Signature').waitFor({ timeout: 15_000 });
    await captureBothSchemes(page, (colorScheme) => `alert-tab-${colorScheme}`);
    // The triage of that alert by the model at work: the alert, the proposal, then the reasoning.
    const gateway = (await app.services.profiles.list()).profiles.find((candidate) => candidate.service === 'gateway')!;
    app.services.assistantSettings.save({ profileId: gateway.id, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
    await page.reload();
    const alertTab = page.getByRole('tabpanel', { name: /^Alert / });
    await alertTab.getByRole('button', { name: 'Ask the model', exact: true }).click({ timeout: 15_000 });
    const triageTab = page.getByRole('tabpanel').filter({ has: page.getByRole('region', { name: 'Triage' }) });
    await triageTab.getByRole('group', { name: 'The model proposes' }).getByRole('heading').waitFor({ timeout: 30_000 });
    await triageTab.getByRole('article', { name: /^Answer from/ }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 30_000 });
    await captureBothSchemes(page, (colorScheme) => `triage-${colorScheme}`);
    // The activity log: what was done above through the window.
    await (await showTab(page, 'Activity')).getByRole('table', { name: 'Activity entries' }).waitFor();
    await captureBothSchemes(page, (colorScheme) => `activity-log-${colorScheme}`);
    // The command palette over the synced cache, then a source address's card opened from it.
    const address = app.services.db.prepare('SELECT src_ip FROM firewall_alerts WHERE src_ip IS NOT NULL ORDER BY occurred_ms DESC LIMIT 1').pluck().get() as string;
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('scan');
    await palette.locator('[data-answer-for="scan"]').waitFor({ timeout: 15_000 });
    await captureBothSchemes(page, (colorScheme) => `palette-${colorScheme}`);
    await palette.getByRole('combobox').fill(address);
    await palette.locator(`[data-answer-for="${address}"]`).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('tabpanel', { name: address }).getByRole('table', { name: 'Newest alerts' }).waitFor({ timeout: 15_000 });
    await captureBothSchemes(page, (colorScheme) => `address-card-${colorScheme}`);
    await app.close({ removeData: true });
  }

  // The free WAF edition: read-only, and why.
  {
    sims.firewall.setEdition('free-waf');
    const app = await openApp(browser, { importProfilesFrom: profilesFile, backgroundSync: true });
    const firewall = await showTab(app.page, 'Firewall');
    await firewall.getByRole('note', { name: 'Read-only' }).waitFor({ timeout: 15_000 });
    await showSection(firewall, 'Block list');
    await captureBothSchemes(app.page, (colorScheme) => `firewall-read-only-${colorScheme}`);
    sims.firewall.setEdition('enterprise');
    await app.close({ removeData: true });
  }

  // A read-only key: the view says once, above the sections, why before anything is tried.
  {
    const app = await openApp(browser);
    await addFirewall(app, 'Branch office firewall', sims.firewall.url, sims.firewall.keys.readOnly);
    await app.page.reload();
    const firewall = app.page.getByRole('tabpanel', { name: 'Firewall' });
    await showSection(firewall, 'Policies');
    const policies = firewall.getByRole('region', { name: 'Security policies' });
    await firewall.getByRole('note', { name: 'Read-only' }).waitFor({ timeout: 15_000 });
    await policies.getByRole('row').nth(1).waitFor({ timeout: 15_000 });
    await captureBothSchemes(app.page, (colorScheme) => `firewall-admin-policies-read-only-key-${colorScheme}`);
    await app.close({ removeData: true });
  }

  // A firewall view whose appliance answered once and then went away: the cache stays browsable.
  const appliance = await startAppliance(300);
  const app = await openApp(browser, { backgroundSync: true });
  const profile = await addFirewall(app, 'Branch office firewall', appliance.url, appliance.keys.readOnly);
  await app.services.clients.testConnection(profile.id);
  await app.page.reload();
  await syncedFirewall(app.page);
  await appliance.close();
  await app.page.reload();
  await app.page.getByRole('tabpanel', { name: 'Firewall' }).getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
  await captureBothSchemes(app.page, (colorScheme) => `firewall-offline-cached-${colorScheme}`);
  await app.close({ removeData: true });

  // The window shown while an update migrates the cache: its page, at the window's size.
  for (const { language, suffix } of passes) {
    const page = await browser.newPage({ viewport: DATABASE_UPDATE_WINDOW_SIZE });
    const { t } = createTranslator(language);
    for (const dark of [false, true]) {
      await page.setContent(databaseUpdatePage({ language, title: t('databaseUpdate.title'), body: t('databaseUpdate.body'), step: t('databaseUpdate.step', { number: 1, of: 2 }), dark }));
      await capture(page, `database-update-${dark ? 'dark' : 'light'}${suffix}`);
    }
    await page.close();
  }

  await captureSupportInbox(browser, sims, capture);
} finally {
  await browser.close();
  await sims.close();
  await rm(scratch, { recursive: true, force: true });
  // Also when a step failed: what the shots before it showed is still worth reading.
  if (layoutFindings.length > 0) {
    console.error(`\nThe layout check found ${layoutFindings.length} problem(s) (test/support/layout-measures.ts):\n${layoutFindings.join('\n')}`);
    process.exitCode = 1;
  }
}
