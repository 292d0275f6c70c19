// Data on this computer in Chromium against the simulators (issue 45, items 4 and 6), as an analyst
// does it: a firewall connection deleted with its cached data, its alerts gone from the palette
// while the other appliance's stay; the local records exported under a passphrase and imported into
// a fresh data folder (a wrong passphrase said on its field first), the case found there. The OS's
// save and open dialogs are the platform port's (a test's RecordingPlatform answers them). Each
// dialog is looked at in English and in 简体中文 at 1280×800.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { expectNoEnglish } from '../support/no-english.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-e2e-local-data-' });

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `local-data-${name}.png`) });
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const PASSPHRASE = 'lantern-otter-gravel-58';
const SCANNER = '203.0.113.77';

/** A view opened as the analyst does, from the new-tab picker, by its title in the window's language. */
async function openView(page: Page, title: string) {
  await page.keyboard.press('Control+t');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  return page.getByRole('tabpanel', { name: title });
}

const openSettings = (page: Page) => openView(page, 'Settings');

/** The palette's alerts for what is typed, once main has answered that text. */
async function paletteAlerts(page: Page, text: string): Promise<number> {
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  if ((await palette.count()) === 0) await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill(text);
  await palette.locator(`[data-answer-for="${text}"]`).waitFor();
  return palette.getByRole('group', { name: 'Alerts' }).getByRole('option').count();
}

test('a firewall connection deleted with its cached data: its alerts are gone, the other appliance’s stay', async () => {
  const branch = await e2e.serve(new FirewallSim({ seed: 451, alertCount: 0, caPem: e2e.ca.certPem }));
  const lab = await e2e.serve(new FirewallSim({ seed: 452, alertCount: 0, caPem: e2e.ca.certPem }));
  branch.addAlerts(12, { src_ip: SCANNER, signature: 'ET SCAN Nmap SYN' });
  lab.addAlerts(5, { src_ip: '198.51.100.9', signature: 'ET POLICY lab probe' });
  const app = await e2e.openApp();
  const { services, page } = app;
  const branchId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: branch.url, apiKey: branch.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
  const labId = (await services.profiles.save(firewallProfile({ name: 'Lab firewall', baseUrl: lab.url, apiKey: lab.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
  await services.firewall.alerts.sync(branchId);
  await services.firewall.alerts.sync(labId);
  await page.reload();
  await page.getByRole('tablist').waitFor();

  await poll(() => paletteAlerts(page, SCANNER)).toBeGreaterThan(0);
  expect(await paletteAlerts(page, '198.51.100.9')).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  const settings = await openSettings(page);
  const row = settings.getByRole('listitem', { name: 'Branch firewall connection' });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Branch firewall”?' });
  const tick = dialog.getByRole('checkbox', { name: 'Also delete its cached data (12 alerts)' });
  await tick.waitFor();
  expect(await tick.isChecked(), 'ticked as it starts: the connection’s data goes with it').toBe(true);
  expect(await dialog.innerText()).toContain('The activity log and cases keep what they say about it');
  await shot(page, 'delete-connection');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await poll(() => settings.getByRole('listitem', { name: 'Branch firewall connection' }).count()).toBe(0);

  await services.connectionData.whenForgotten();
  expect(await paletteAlerts(page, SCANNER)).toBe(0);
  expect(await paletteAlerts(page, '198.51.100.9')).toBeGreaterThan(0);
  expect(services.db.prepare('SELECT COUNT(*) FROM firewall_profile_keys WHERE profile_id = ?').pluck().get(branchId)).toBe(0);
});

test('local records exported under a passphrase and imported into a fresh data folder: a wrong passphrase said on its field, then the case is there', async () => {
  const file = path.join(e2e.scratch, 'workstation.opsdesk');
  const source = await e2e.openApp();
  const made = source.services.cases.create({ title: 'Night scans from 203.0.113.77', severity: 'high', tags: ['scan'], items: [{ kind: 'address', profileId: null, itemId: SCANNER }] });
  source.services.cases.addNote(made.id, 'Lin confirmed: not their NAS.');
  await source.page.reload();
  await source.page.getByRole('tablist').waitFor();

  const settings = await openSettings(source.page);
  const section = settings.getByRole('region', { name: 'Data on this computer' });
  await section.getByRole('button', { name: 'Export my local data…' }).click();
  const exporting = source.page.getByRole('dialog', { name: 'Export my local data' });
  await exporting.getByLabel('Passphrase', { exact: true }).fill('short');
  await poll(() => exporting.innerText()).toContain('Strength: too short');
  await exporting.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await exporting.getByLabel('Passphrase again').fill(`${PASSPHRASE}x`);
  await poll(() => exporting.innerText()).toContain('The two passphrases are not the same.');
  await exporting.getByLabel('Passphrase again').fill(PASSPHRASE);
  await poll(() => exporting.innerText()).toContain('Strength: strong');
  await shot(source.page, 'export-passphrase');
  source.platform.savePath = file;
  await exporting.getByRole('button', { name: 'Choose where to save…' }).click();
  await poll(() => exporting.getByRole('status').first().innerText()).toBe('Saved to workstation.opsdesk.');
  expect(await exporting.getByRole('table', { name: 'What the file holds' }).innerText()).toMatch(/Cases\s+1/);
  expect(source.platform.saveDialogs.at(-1)).toMatchObject({ title: 'Export local data', filters: [{ extensions: ['opsdesk'] }] });
  await shot(source.page, 'export-done');
  await exporting.getByRole('button', { name: 'Close' }).last().click();

  const fresh = await e2e.openApp();
  const freshSettings = await openSettings(fresh.page);
  fresh.platform.openPath = file;
  await freshSettings.getByRole('region', { name: 'Data on this computer' }).getByRole('button', { name: 'Import local data…' }).click();
  const importing = fresh.page.getByRole('dialog', { name: 'Import local data' });
  expect(await importing.innerText()).toContain('From workstation.opsdesk');
  await importing.getByLabel('Passphrase').fill('lantern-otter-gravel-59');
  await importing.getByRole('button', { name: 'Open the file' }).click();
  await poll(() => importing.innerText()).toContain('This passphrase does not open the file.');
  await shot(fresh.page, 'import-wrong-passphrase');
  await importing.getByLabel('Passphrase').fill(PASSPHRASE);
  await importing.getByRole('button', { name: 'Open the file' }).click();
  const summary = importing.getByRole('table', { name: 'What the file holds' });
  await poll(() => summary.innerText()).toMatch(/Cases\s+1\s+1\s+0/);
  await shot(fresh.page, 'import-preview');
  await importing.getByRole('button', { name: 'Merge into this computer' }).click();
  // Only the window's own layout, saved here as it opened, was here already.
  await poll(() => importing.getByRole('status').first().innerText()).toMatch(/^Imported: \d+ added, 1 already here\.$/);
  await shot(fresh.page, 'import-done');
  await importing.getByRole('button', { name: 'Close' }).last().click();

  // The case is there, found as any case is.
  const palette = fresh.page.getByRole('dialog', { name: 'Command palette' });
  await fresh.page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('case: 1');
  await palette.locator('[data-answer-for="case: 1"]').waitFor();
  expect(await palette.getByRole('option', { selected: true }).innerText()).toBe('Open case #1 Night scans from 203.0.113.77');
  await rm(file, { force: true });
});

test('the dialogs in 简体中文: deleting a connection, the passphrase, the import’s summary', async () => {
  const branch = await e2e.serve(new FirewallSim({ seed: 453, alertCount: 0, caPem: e2e.ca.certPem }));
  branch.addAlerts(3, { src_ip: SCANNER });
  const file = path.join(e2e.scratch, 'zh.opsdesk');
  const app = await e2e.openApp({ locale: 'zh-CN' });
  const { services, page } = app;
  const branchId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: branch.url, apiKey: branch.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
  await services.firewall.alerts.sync(branchId);
  services.cases.create({ title: '夜间扫描', severity: 'medium', tags: [], items: [{ kind: 'address', profileId: null, itemId: SCANNER }] });
  await page.reload();
  await page.getByRole('tablist').waitFor();
  const settings = await openView(page, '设置');

  await settings.getByRole('listitem', { name: 'Branch firewall 连接' }).getByRole('button', { name: '删除' }).click();
  const removing = page.getByRole('dialog', { name: '删除“Branch firewall”？' });
  await removing.getByRole('checkbox', { name: '同时删除它的缓存数据（3 条告警）' }).waitFor();
  await expectNoEnglish(removing);
  await shot(page, 'zh-delete-connection');
  await removing.getByRole('button', { name: '取消' }).click();

  const section = settings.getByRole('region', { name: '本机数据' });
  await expectNoEnglish(section);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'zh-section');
  await section.getByRole('button', { name: '导出我的本机数据…' }).click();
  const exporting = page.getByRole('dialog', { name: '导出我的本机数据' });
  await exporting.getByLabel('口令', { exact: true }).fill(PASSPHRASE);
  await exporting.getByLabel('再次输入口令').fill(PASSPHRASE);
  await poll(() => exporting.innerText()).toContain('强度：强');
  await expectNoEnglish(exporting);
  await shot(page, 'zh-export-passphrase');
  app.platform.savePath = file;
  await exporting.getByRole('button', { name: '选择保存位置…' }).click();
  await poll(() => exporting.getByRole('status').first().innerText()).toBe('已保存到 zh.opsdesk。');
  await exporting.getByRole('button', { name: '关闭' }).last().click();

  app.platform.openPath = file;
  await section.getByRole('button', { name: '导入本机数据…' }).click();
  const importing = page.getByRole('dialog', { name: '导入本机数据' });
  await importing.getByLabel('口令').fill(PASSPHRASE);
  await importing.getByRole('button', { name: '打开文件' }).click();
  await poll(() => importing.innerText()).toContain('此文件中的所有内容这里都已存在。');
  await expectNoEnglish(importing);
  await shot(page, 'zh-import-preview');
  await rm(file, { force: true });
});
