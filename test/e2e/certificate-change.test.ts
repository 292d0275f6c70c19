// A pinned appliance changes its certificate, as one does when it is renewed: the banner's one
// action compares the new certificate with the one trusted before, the choice is one step, and
// every line that showed the refusal follows. Then, after a restart in 简体中文, it changes again to
// one the system's certificates accept, and the key is entered in that same step.
import type * as Tls from 'node:tls';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { issueServerCertificate } from '../sim/certs.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';

// A company CA that the operating system's store holds, as an administrator would have installed it.
const companyCa = await vi.hoisted(async () => (await import('../sim/certs.ts')).createCertificateAuthority('Company CA'));
vi.mock('node:tls', async (importOriginal) => {
  const tls = await importOriginal<typeof Tls>();
  return {
    ...tls,
    getCACertificates: (kind: 'default' | 'system' | 'bundled' | 'extra') => (kind === 'system' ? [...tls.getCACertificates('system'), companyCa.certPem] : tls.getCACertificates(kind)),
  };
});

const e2e = setUpE2e({ simulators: { alertCount: 50 } });
const ipcLog: { channel: string; result: unknown }[] = [];
const logLines: string[] = [];
const logSink = (record: { line: string }) => void logLines.push(record.line);

/** The machine is shared while the suite runs: answers may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The appliance restarts with another certificate: connections open before it are gone. */
async function applianceRestartsWith(pem: { certPem: string; keyPem: string }) {
  e2e.sims.firewall.setCertificate(pem);
  await e2e.sims.firewall.goDown();
  await e2e.sims.firewall.comeBack();
}

/** A fingerprint as shown: eight groups of four byte pairs, each group on one line, joined back it is the fingerprint. */
async function fingerprintShown(group: Locator): Promise<string> {
  const groups = await group.locator('.fingerprint-group').evaluateAll((spans) => spans.map((span) => [span.textContent!.replace(/:$/, ''), span.getClientRects().length] as const));
  expect(groups).toHaveLength(8);
  for (const [text, lines] of groups) expect([text, lines]).toEqual([expect.stringMatching(/^([0-9A-F]{2}:){3}[0-9A-F]{2}$/), 1]);
  return groups.map(([text]) => text).join(':');
}

async function shots(page: Page, name: string) {
  if (!process.env.OPSDESK_E2E_SHOTS) return;
  for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await shot(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

function expectNoKeyLeaked(page: Page) {
  const keys = Object.values(e2e.sims.firewall.keys);
  return page.content().then((dom) => {
    for (const key of keys) {
      expect(dom, 'DOM text contains a key').not.toContain(key);
      expect(JSON.stringify(ipcLog), 'an IPC result or event contains a key').not.toContain(key);
      expect(logLines.join('\n'), 'a log line contains a key').not.toContain(key);
    }
  });
}

describe('an appliance whose pinned certificate changed', () => {
  test('compared beside the one trusted before and trusted in one step; later system certificates, with the key in that step; every line follows', async () => {
    const firewall = e2e.sims.firewall;
    const keyStore = new SessionKeyStore('test');
    const app = await e2e.openApp({ backgroundSync: true, keyStore, ipcLog, logSink });
    const { page } = app;
    const saved = await app.services.profiles.save({
      service: 'firewall',
      name: 'Branch appliance',
      baseUrl: firewall.url,
      apiKey: firewall.keys.operations,
      trust: { mode: 'system' },
      settings: { rateLimit: { requests: 50, windowSeconds: 1 } },
    });
    await app.services.profiles.trustCertificate(saved.id, firewall.leafSha256);
    const trustedBefore = firewall.leafSha256;
    await page.reload();
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    const banner = panel.getByRole('region', { name: 'Connection' });
    const syncLine = panel.getByRole('status', { name: 'Sync' });
    await poll(() => banner.innerText()).toMatch(/^Connected\b/);
    await poll(() => syncLine.innerText()).toContain('last synced');

    await applianceRestartsWith(await e2e.localCertificate());
    await syncLine.getByRole('button', { name: 'Sync now' }).click();
    await poll(() => banner.innerText()).toMatch(/^Certificate changed/);
    // The banner owns the reason; the sync line says only that the appliance is offline.
    await poll(() => syncLine.innerText()).toContain('offline, syncs when it answers');

    await banner.getByRole('button', { name: 'Review the new certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificate changed' });
    const presented = dialog.getByRole('group', { name: 'SHA-256 fingerprint presented now' });
    await presented.waitFor();
    expect(await fingerprintShown(dialog.getByRole('group', { name: 'SHA-256 fingerprint trusted before' }))).toBe(trustedBefore);
    expect(await fingerprintShown(presented)).toBe(firewall.leafSha256);
    // Side by side: the new fingerprint starts where the old one's column ends, on the same line.
    const [beforeBox, nowBox] = await Promise.all([dialog.getByRole('group', { name: 'SHA-256 fingerprint trusted before' }).boundingBox(), presented.boundingBox()]);
    expect(Math.abs(beforeBox!.y - nowBox!.y)).toBeLessThan(2);
    expect(nowBox!.x).toBeGreaterThan(beforeBox!.x + beforeBox!.width);
    const compared = await dialog.getByRole('table').innerText();
    expect(compared.match(/CN=OpsDesk Simulator CA/g)).toHaveLength(2);
    expect(compared).toMatch(/Valid\s.+ to .+\s.+ to /);
    // The simulators' CA is not the system's: that way out would not connect, and says so.
    expect(await dialog.getByRole('radio', { name: /^System certificates/ }).isDisabled()).toBe(true);
    expect(await dialog.innerText()).toContain('Your system’s certificates do not accept the new certificate');
    // Trusting the certificate shown moves the key with it: nothing to enter again.
    expect(await dialog.getByLabel('API key').count()).toBe(0);
    await shots(page, 'certificate-change-trust-new');
    // The smallest window OpsDesk supports: the harness measures the dialog as the click changes it.
    await page.setViewportSize({ width: 1024, height: 700 });
    await dialog.getByRole('button', { name: 'Trust the new certificate' }).click();

    await poll(() => dialog.count()).toBe(0);
    await poll(() => banner.innerText()).toMatch(/^Connected\b/);
    await poll(() => syncLine.innerText()).not.toContain('offline');
    await page.keyboard.press('Control+t');
    await page.keyboard.type('Settings');
    await page.keyboard.press('Enter');
    const row = page.getByRole('tabpanel', { name: 'Settings' }).getByRole('listitem', { name: 'Branch appliance connection' });
    await poll(() => row.innerText()).toMatch(/Connected · Version/);
    expect(await row.innerText()).toContain('trusts pinned certificate');
    expect(app.services.profiles.find(saved.id)?.trust.pinnedSha256).toBe(firewall.leafSha256);
    await expectNoKeyLeaked(page);
    await app.close();

    // Renewed again, now by the company's CA, while OpsDesk was closed; it opens in 简体中文.
    await applianceRestartsWith(await issueServerCertificate(companyCa, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
    const again = await e2e.openApp({ dataDir: app.dataDir, keyStore, backgroundSync: true, locale: 'zh-CN', ipcLog, logSink });
    const page2 = again.page;
    // The window comes back as it was left, on Settings.
    await page2.getByRole('tab', { name: '防火墙' }).click();
    const banner2 = page2.getByRole('tabpanel', { name: '防火墙' }).getByRole('region', { name: '连接' });
    await poll(() => banner2.innerText()).toMatch(/^证书已更改/);
    // The sync lines say it in the window's language: offline, the banner saying why.
    const syncLine2 = page2.getByRole('tabpanel', { name: '防火墙' }).getByRole('status', { name: '同步' });
    await poll(() => syncLine2.innerText()).toContain('离线，设备应答后再同步');
    await banner2.getByRole('button', { name: '查看新证书' }).click();
    const dialog2 = page2.getByRole('dialog', { name: '证书已更改' });
    await poll(() => dialog2.innerText()).toContain('系统证书接受这张新证书。');
    expect(await dialog2.getByRole('table').innerText()).toContain('CN=Company CA');
    await dialog2.getByRole('radio', { name: /^系统证书：/ }).check();
    // The key was entered for the pinned certificate: the one sentence says why, the field is right under it.
    expect(await dialog2.innerText()).toContain('您的密钥与录入时所信任的证书绑定');
    const useSystem = dialog2.getByRole('button', { name: '使用系统证书' });
    expect(await useSystem.isDisabled()).toBe(true);
    await shots(page2, 'certificate-change-system-zh');
    await page2.setViewportSize({ width: 1024, height: 700 });
    await dialog2.getByLabel('API 密钥').fill(firewall.keys.operations);
    await useSystem.click();

    await poll(() => dialog2.count()).toBe(0);
    await poll(() => banner2.innerText()).toMatch(/^已连接/);
    await poll(() => syncLine2.innerText()).not.toContain('离线');
    expect(again.services.profiles.find(saved.id)?.trust.mode).toBe('system');
    await expectNoKeyLeaked(page2);

    // Back at work in 简体中文: an alert's detail keeps Time, Severity, Source and Signature beside it, as the columns menu says.
    await page2.setViewportSize({ width: 1280, height: 800 });
    const grid = page2.getByRole('tabpanel', { name: '防火墙' }).getByRole('grid', { name: '告警' });
    await grid.locator('.vt-body [role="row"]').first().dblclick();
    await poll(() => grid.getByRole('columnheader').allInnerTexts().then((texts) => texts.map((text) => text.replace(/[▲▼]/g, '').trim()).filter(Boolean))).toEqual(['严重程度', '时间', '来源', '特征']);
    await grid.getByRole('button', { name: '告警的列' }).click();
    expect(await grid.getByRole('checkbox', { name: '详情打开时显示目标' }).isChecked()).toBe(false);
    await shots(page2, 'tables-alerts-detail-columns-menu-zh');
  });
});
