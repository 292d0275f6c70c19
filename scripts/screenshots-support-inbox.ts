// The Support view's inbox, a ticket's tab, contacts and work items for npm run screenshots, in English
// and Simplified Chinese, light and dark: the synced inbox and a status filter, a ticket with its
// writes, the create forms, a contact with its phone revealed, a work item, a key that lacks scopes,
// the LIVE confirmation, and the inbox offline with a queued reply.
import type { Browser, Locator, Page } from 'playwright-core';
import { createTranslator } from '../src-shared/i18n/translator.ts';
import type { Language } from '../src-shared/i18n/languages.ts';
import { issueServerCertificate, SupportSim } from '../test/sim/index.ts';
import type { Simulators } from '../test/sim/index.ts';
import { openApp } from '../test/support/app-harness.ts';
import { supportProfile } from '../test/support/support-profile.ts';

type Capture = (page: Page, name: string) => Promise<void>;

export async function captureSupportInbox(browser: Browser, sims: Simulators, capture: Capture): Promise<void> {
  for (const { language, locale, suffix } of [
    { language: 'en' as Language, locale: 'en-US', suffix: '' },
    { language: 'zh-CN' as Language, locale: 'zh-CN', suffix: '-zh-CN' },
  ]) {
    const { t } = createTranslator(language);
    const both = async (page: Page, name: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await capture(page, `support-${name}-${colorScheme}${suffix}`);
      }
    };
    const start = async (sim: SupportSim, apiKey: string, name: string) => {
      const app = await openApp(browser, { locale, backgroundSync: true });
      await app.services.profiles.save(supportProfile({ name, baseUrl: sim.url, apiKey, caPem: sims.ca.certPem, ratePerMinute: 60 }));
      await app.page.reload();
      await app.page.getByRole('tab', { name: t('views.support.title') }).click();
      return app;
    };
    const panel = (page: Page) => page.getByRole('tabpanel', { name: t('views.support.title') });
    const inbox = (page: Page) => panel(page).getByRole('region', { name: t('support.tickets.region') });
    const synced = async (page: Page) => {
      await inbox(page).getByRole('button', { name: t('support.sync.now') }).click();
      await inbox(page).getByRole('listbox', { name: t('support.tickets.list') }).getByRole('option').nth(3).waitFor({ timeout: 30_000 });
    };
    const statusChip = (page: Page, status: 'closed' | 'active') =>
      inbox(page).getByRole('group', { name: t('support.tickets.statusFilter') }).getByRole('button', { name: new RegExp(`^${t(`support.ticketStatus.${status}`)}`) });
    const openFirstTicket = async (page: Page): Promise<Locator> => {
      await inbox(page).getByRole('listbox', { name: t('support.tickets.list') }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const tab = page.getByRole('tabpanel').filter({ has: page.getByRole('list', { name: t('support.ticket.thread') }) });
      await tab.getByRole('list', { name: t('support.ticket.thread') }).getByRole('listitem').first().waitFor({ timeout: 15_000 });
      return tab;
    };
    const section = async (page: Page, nav: string, region: string) => {
      await panel(page).getByRole('navigation', { name: t('supportDesk.sections.nav') }).getByRole('button', { name: t(nav), exact: true }).click();
      return panel(page).getByRole('region', { name: t(region) });
    };

    // A TEST key with every scope: the inbox, a ticket and its writes, contacts, work items.
    {
      const app = await start(sims.support, sims.support.keys.demo, 'Help desk');
      const { page } = app;
      await synced(page);
      await both(page, 'inbox');
      await statusChip(page, 'closed').click();
      await inbox(page).locator('.si-status').first().waitFor();
      await both(page, 'inbox-closed');
      await statusChip(page, 'active').click();
      const ticket = await openFirstTicket(page);
      await both(page, 'ticket');
      await ticket.getByLabel(t('support.ticket.reply')).fill('Thanks for waiting, a technician is on the way.');
      await ticket.getByRole('button', { name: t('support.ticket.sendReply') }).click();
      await ticket.getByRole('region', { name: t('support.writes') }).getByText(t('outbox.state.sent')).waitFor({ timeout: 15_000 });
      await both(page, 'ticket-reply-sent');
      await ticket.getByRole('button', { name: t('support.ticket.close') }).click();
      await both(page, 'ticket-close');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: t('views.support.title') }).click();
      await inbox(page).getByRole('button', { name: t('support.tickets.new') }).click();
      await page.getByRole('dialog', { name: t('support.newTicket.title') }).getByLabel(t('support.newTicket.message')).fill('My router keeps rebooting.');
      await both(page, 'new-ticket');
      await page.keyboard.press('Escape');

      const contacts = await section(page, 'supportDesk.sections.contacts', 'support.contacts.region');
      const contactList = contacts.getByRole('listbox', { name: t('support.contacts.list') });
      await contactList.getByRole('option').filter({ hasText: '*' }).first().click();
      const contact = contacts.getByRole('complementary');
      await contact.getByRole('button', { name: t('support.contacts.reveal') }).waitFor({ timeout: 15_000 });
      await both(page, 'contacts');
      await contact.getByRole('button', { name: t('support.contacts.reveal') }).click();
      await contact.getByRole('button', { name: t('support.contacts.hide') }).waitFor({ timeout: 15_000 });
      await both(page, 'contact-revealed');

      const work = await section(page, 'supportDesk.sections.work', 'support.work.region');
      await work.getByRole('listbox', { name: t('support.work.list') }).getByRole('option').first().click({ timeout: 30_000 });
      await work.getByRole('complementary').getByRole('region', { name: t('support.followUps.title') }).waitFor({ timeout: 15_000 });
      await both(page, 'work');
      await work.getByRole('button', { name: t('support.work.new') }).click();
      await page.getByRole('dialog', { name: t('support.work.new') }).getByLabel(t('support.work.title')).fill('Replace the broken router');
      await both(page, 'new-work-item');
      await page.keyboard.press('Escape');
      await app.close({ removeData: true });
    }

    // An agent key: what it lacks a scope for is disabled and names the scope.
    {
      const app = await start(sims.support, sims.support.keys.agent, 'Agent key');
      await synced(app.page);
      await both(app.page, 'inbox-agent-key');
      await statusChip(app.page, 'active').click();
      await openFirstTicket(app.page);
      await both(app.page, 'ticket-agent-key');
      await app.close({ removeData: true });
    }

    // A LIVE key: the confirmation before a write.
    {
      const app = await start(sims.support, sims.support.keys.live, 'Production desk');
      await synced(app.page);
      await statusChip(app.page, 'active').click();
      const ticket = await openFirstTicket(app.page);
      await ticket.getByLabel(t('support.ticket.reply')).fill('Checking now.');
      await ticket.getByRole('button', { name: t('support.ticket.sendReply') }).click();
      await app.page.getByRole('dialog', { name: t('outbox.live.title') }).waitFor();
      await both(app.page, 'live-confirmation');
      await app.page.keyboard.press('Escape');
      await app.close({ removeData: true });
    }

    // The site goes away: the inbox and a ticket stay browsable under the banner, a reply is queued.
    {
      const site = new SupportSim({ seed: 3, caPem: sims.ca.certPem });
      await site.listen(0, await issueServerCertificate(sims.ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
      const app = await start(site, site.keys.demo, 'Help desk');
      await synced(app.page);
      await site.close();
      await app.page.reload();
      await panel(app.page).getByRole('button', { name: t('connection.retry') }).waitFor({ timeout: 20_000 });
      await both(app.page, 'inbox-offline');
      await statusChip(app.page, 'active').click();
      const ticket = await openFirstTicket(app.page);
      await ticket.getByLabel(t('support.ticket.reply')).fill('We will call you back.');
      await ticket.getByRole('button', { name: t('support.ticket.sendReply') }).click();
      await ticket.getByRole('region', { name: t('support.writes') }).locator('[data-write-state="queued"]').waitFor({ timeout: 20_000 });
      await both(app.page, 'ticket-queued-offline');
      await app.close({ removeData: true });
    }
  }
}
