// Every dialog fits a 1024×700 window in English and in Simplified Chinese, its main button in
// sight. The harness measures any dialog any e2e test opens (`test/support/dialog-fit.ts`); this
// file opens the ones a user reaches from each view, in the smallest window OpsDesk supports.
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { writeDemoProfiles } from '../sim/demo-profiles.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';
import { dialogFits, misfits } from '../support/dialog-fit.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';

const e2e = setUpE2e({ simulators: { alertCount: 60 }, scratchPrefix: 'opsdesk-e2e-dialogs-' });

/** The dialogs this file opens, in order; the harness measures any other an e2e test opens. */
const covered = [
  'alert-work-item', 'unblock', 'new-policy', 'delete-policy', 'generate-report',
  'new-ticket', 'close-ticket', 'new-work-item', 'new-contact', 'add-faq',
  'view-picker', 'notification-center', 'outbox', 'palette', 'add-connection', 'certificate',
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const passes = [
  { language: 'en', locale: 'en-US' },
  { language: 'zh-CN', locale: 'zh-CN' },
] as const;

describe('every dialog fits a 1024×700 window', () => {
  for (const { language, locale } of passes) {
    test(`in ${language}`, async () => {
      const { t } = createTranslator(language);
      const demoFile = path.join(e2e.scratch, `profiles-${language}.json`);
      await writeDemoProfiles(demoFile, e2e.sims);
      const app = await e2e.openApp({ importProfilesFrom: demoFile, locale, viewport: { width: 1024, height: 700 }, backgroundSync: true });
      const { page } = app;
      const opened: string[] = [];

      /** Clicks what opens a dialog, waits for it, looks at it, and closes it with Escape. */
      async function openAndClose(opener: Locator, name: string | RegExp, shotName: string) {
        await opener.click();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        // The measurement runs two frames after the dialog's last change.
        await page.waitForTimeout(150);
        await shot(page, `dialog-${shotName}-${language}`);
        opened.push(shotName);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }

      const tab = async (title: string) => {
        await page.getByRole('tab', { name: title, exact: true }).click();
        return page.getByRole('tabpanel', { name: title });
      };
      const supportSection = async (support: Locator, section: string) => {
        await support.getByRole('navigation', { name: t('supportDesk.sections.nav') }).getByRole('button', { name: section, exact: true }).click();
      };

      const firewall = await tab(t('views.firewall.title'));
      const firewallSection = async (name: string) => {
        await firewall.getByRole('navigation', { name: t('firewall.sections.nav') }).getByRole('button', { name, exact: true }).click();
      };
      await firewallSection(t('firewall.sections.alerts'));
      const alertRows = firewall.getByRole('rowgroup', { name: t('firewall.table.rows', { label: t('firewall.sections.alerts') }) });
      await firewall.getByRole('button', { name: t('firewall.sync.now') }).click();
      await alertRows.locator('[role="row"]').first().waitFor({ timeout: 30_000 });
      await alertRows.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await openAndClose(firewall.getByRole('button', { name: t('address.linked.createWorkItem'), exact: true }).first(), new RegExp(escape(t('address.linked.createTitle', { id: '@' })).replace('@', '.+')), 'alert-work-item');
      await page.keyboard.press('Escape');
      await firewallSection(t('firewall.sections.blocklist'));
      // A row's actions show while the pointer is on it.
      const firstBlock = firewall.getByRole('row', { name: new RegExp(`^${escape(t('firewall.blocklist.row', { ip: '@' })).replace('@', '.+')}`) }).first();
      await firstBlock.hover();
      await openAndClose(firstBlock.getByRole('button', { name: new RegExp(`^${escape(t('firewall.blocklist.unblockNamed', { ip: '@' })).replace('@', '.+')}`) }), /.+/, 'unblock');
      await firewallSection(t('firewallAdmin.sections.policies'));
      await openAndClose(firewall.getByRole('button', { name: t('firewallAdmin.policies.add'), exact: true }), t('firewallAdmin.policies.addTitle'), 'new-policy');
      await openAndClose(firewall.getByRole('button', { name: new RegExp(`^${escape(t('firewallAdmin.common.delete'))} `) }).first(), /.+/, 'delete-policy');
      await firewallSection(t('firewallAdmin.sections.reports'));
      await openAndClose(firewall.getByRole('button', { name: t('firewallAdmin.reports.generate'), exact: true }), t('firewallAdmin.reports.generateTitle'), 'generate-report');

      const support = await tab(t('views.support.title'));
      await supportSection(support, t('supportDesk.sections.inbox'));
      await openAndClose(support.getByRole('button', { name: t('support.tickets.new'), exact: true }), t('support.newTicket.title'), 'new-ticket');
      await support.getByRole('listbox', { name: t('support.tickets.list') }).getByRole('option').filter({ hasNot: page.locator('.si-status-closed') }).first().click();
      await page.keyboard.press('Enter');
      await openAndClose(page.getByRole('tabpanel').getByRole('button', { name: t('support.ticket.close'), exact: true }), /.+/, 'close-ticket');
      await page.keyboard.press('Control+w');
      await tab(t('views.support.title'));
      await supportSection(support, t('supportDesk.sections.work'));
      await openAndClose(support.getByRole('button', { name: t('support.work.new'), exact: true }), t('support.work.new'), 'new-work-item');
      await supportSection(support, t('supportDesk.sections.contacts'));
      await openAndClose(support.getByRole('button', { name: t('support.contacts.new'), exact: true }), t('support.contacts.new'), 'new-contact');
      await supportSection(support, t('supportDesk.sections.kb'));
      await openAndClose(support.getByRole('button', { name: t('supportDesk.kb.add'), exact: true }), t('supportDesk.kb.addTitle'), 'add-faq');

      await openAndClose(page.getByRole('button', { name: t('workspace.openView'), exact: true }), t('workspace.openView'), 'view-picker');
      await openAndClose(page.getByRole('button', { name: new RegExp(`^${escape(t('notificationCenter.bell'))}`) }), t('notificationCenter.center'), 'notification-center');
      await openAndClose(page.getByRole('button', { name: new RegExp(`^${escape(t('outbox.button'))}`) }), t('outbox.heading'), 'outbox');
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: t('palette.label') }).waitFor();
      await shot(page, `dialog-palette-${language}`);
      opened.push('palette');
      await page.keyboard.press('Escape');

      // Settings last: the new connection's certificate is one the app has not seen.
      await page.keyboard.press('Control+t');
      await page.keyboard.type(t('views.settings.title'));
      await page.keyboard.press('Enter');
      const settings = page.getByRole('tabpanel', { name: t('views.settings.title') });
      await settings.getByRole('region', { name: t('services.firewall.title') }).getByRole('button', { name: t('settings.section.add') }).click();
      const form = page.getByRole('dialog', { name: t('settings.form.addTitle', { service: t('services.firewall.noun') }) });
      await form.getByLabel(t('settings.form.name')).fill('Branch office firewall');
      await form.getByLabel(t('settings.form.address')).fill(e2e.sims.firewall.url);
      await form.getByLabel(t('settings.form.apiKey')).fill(e2e.sims.firewall.keys.operations);
      await shot(page, `dialog-add-connection-${language}`);
      opened.push('add-connection');
      await form.getByRole('button', { name: t('settings.form.save') }).click();
      await page.getByRole('dialog', { name: t('settings.certificate.title') }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(150);
      await shot(page, `dialog-certificate-${language}`);
      opened.push('certificate');

      expect(misfits(await dialogFits(page))).toEqual([]);
      expect(opened).toEqual(covered);
    });
  }
});

