// Cases for npm run screenshots (issue 46): the Cases section with cases in every state, one case's
// tab (its facts, its timeline of alerts, a ticket's thread, the analyst's note and a write, an
// event read whole), its observables with one read whole, the model's summary proposed beside the
// timeline, and its hand-over brief, on the simulators' synced data.
import type { TFunction } from 'i18next';
import type { Browser, Page } from 'playwright-core';
import { FirewallSim, issueServerCertificate, type Simulators } from '../test/sim/index.ts';
import { openApp } from '../test/support/app-harness.ts';
import { defaultSentFields } from '../src-shared/contract/assistant.ts';
import { firewallProfile } from '../test/support/firewall-profile.ts';
import { gatewayProfile } from '../test/support/gateway-profile.ts';
import { supportProfile } from '../test/support/support-profile.ts';

interface Pass {
  t: TFunction;
  locale: string;
  suffix: string;
}

/** One scanner's alerts among others, on an appliance of its own (the shared simulators' alerts stay as the other views show them). */
const source = '203.0.113.77';

export async function captureCases(browser: Browser, sims: Simulators, { t, locale, suffix }: Pass, capture: (page: Page, name: string) => Promise<void>) {
  const appliance = new FirewallSim({ seed: 46, alertCount: 60, caPem: sims.ca.certPem });
  appliance.addAlerts(24, { src_ip: source, signature: 'ET SCAN Nmap SYN Stealth Scan' });
  await appliance.listen(0, await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
  const app = await openApp(browser, { locale });
  try {
    const { services, page } = app;
    const firewallId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: appliance.url, apiKey: appliance.keys.operations, caPem: sims.ca.certPem, requestsPerSecond: 50 }))).id;
    const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, caPem: sims.ca.certPem, ratePerMinute: 10_000 }))).id;
    const gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Analyst gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
    services.assistantSettings.save({ ...services.assistantSettings.state(), profileId: gatewayId, model: 'gpt-4o-mini', sentFields: [...defaultSentFields] });
    await services.firewall.syncNow(firewallId);
    await services.support.tickets.sync(supportId);
    await services.firewall.blocks.block(firewallId, source, 86_400, 'Nmap scan of the VPN range');
    const alertIds = services.firewall.alerts.query({ profileId: firewallId, filter: { cells: [{ field: 'srcIp', value: source, mode: 'in' }] }, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 500 }).rows.map((row) => row.id);
    const [ticket] = services.support.tickets.query({ profileId: supportId, limit: 1 }).rows;
    if (ticket) await services.support.tickets.detail(supportId, ticket.id, true);
    const scan = services.cases.create({ title: `Scan from ${source}`, severity: 'high', tags: ['scan', 'external'], items: ticket ? [{ kind: 'ticket', profileId: supportId, itemId: ticket.id }] : [], alerts: { profileId: firewallId, alertIds } });
    services.cases.addNote(scan.id, `Confirmed with the customer: ${source} is not one of theirs. Blocking it for a day.`);
    services.cases.update({ caseId: scan.id, status: 'inProgress' });
    services.cases.create({ title: 'Phishing report from the front desk', severity: 'medium', tags: ['phishing'], items: [] });
    const resolved = services.cases.create({ title: 'Printer beaconing to 198.51.100.9', severity: 'low', tags: [], items: [{ kind: 'address', profileId: null, itemId: '198.51.100.9' }] });
    services.cases.update({ caseId: resolved.id, status: 'resolvedFalsePositive' });
    await page.reload();
    await page.getByRole('tabpanel', { name: t('views.firewall.title') }).getByRole('status', { name: t('firewall.alerts.matching') }).waitFor({ timeout: 15_000 });

    const cases = page.getByRole('tabpanel', { name: t('views.cases.title') });
    await page.keyboard.press('Control+t');
    await page.keyboard.type(t('views.cases.title'));
    await page.keyboard.press('Enter');
    await cases.getByRole('table', { name: t('cases.table') }).getByRole('rowgroup').getByRole('row').nth(2).waitFor({ timeout: 15_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await capture(page, `cases-${colorScheme}${suffix}`);
    }

    await cases.getByRole('button', { name: `Scan from ${source}` }).click();
    const view = page.getByRole('region', { name: t('cases.view.region', { case: scan.number }) });
    const rows = view.getByRole('rowgroup', { name: t('cases.timeline.table') }).getByRole('row');
    await rows.nth(3).waitFor({ timeout: 15_000 });
    await rows.nth(1).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await capture(page, `case-${colorScheme}${suffix}`);
    }
    await view.getByRole('tab', { name: t('cases.view.observablesTab') }).click();
    const observables = view.getByRole('rowgroup', { name: t('cases.observables.table') }).getByRole('row');
    await observables.first().waitFor({ timeout: 15_000 });
    await observables.first().click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await capture(page, `case-observables-${colorScheme}${suffix}`);
    }
    await view.getByRole('tab', { name: t('cases.view.timelineTab') }).click();
    await view.getByRole('button', { name: t('cases.view.summarise'), exact: true }).click();
    const proposal = view.getByRole('region', { name: t('cases.model.region') });
    await proposal.getByRole('button', { name: t('cases.model.asNote') }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await capture(page, `case-model-${colorScheme}${suffix}`);
    }
    await view.getByRole('toolbar', { name: t('cases.view.actions') }).getByRole('button', { name: t('cases.view.brief') }).click();
    const brief = page.getByRole('dialog', { name: t('cases.brief.title', { case: scan.number }) });
    await brief.getByRole('textbox').filter({ hasText: '#' }).waitFor({ timeout: 15_000 });
    await page.emulateMedia({ colorScheme: 'light' });
    await capture(page, `case-brief-light${suffix}`);
    await page.keyboard.press('Escape');
  } finally {
    await app.close({ removeData: true });
    await appliance.close();
  }
}
