// The firewall's administration sections in Chromium against the simulator, as an analyst uses them.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { shot } from '../support/e2e-shots.ts';
import { expectEach } from '../support/expect-each.ts';

const e2e = setUpE2e();
let app: AppUnderTest | undefined;
let firewall: FirewallSim | undefined;

/** A simulator and the app with one firewall profile, the Firewall tab showing. */
async function start({ key = 'demo', clock, edition, locale }: { key?: 'demo' | 'readOnly' | 'operations'; clock?: FakeClock; edition?: 'free-waf'; locale?: string } = {}): Promise<Page> {
  firewall = new FirewallSim({ seed: 3, alertCount: 20, caPem: e2e.ca.certPem, ...(clock && { clock }) });
  if (edition) firewall.setEdition(edition);
  await e2e.serve(firewall);
  app = await e2e.openApp({ ...(clock && { clock }), ...(locale && { locale }) });
  await app.services.profiles.save(
    firewallProfile({ name: 'Lab firewall', baseUrl: firewall.url, apiKey: firewall.keys[key], caPem: e2e.ca.certPem, requestsPerSecond: 200 }),
  );
  await app.page.reload();
  return app.page;
}

async function openSection(page: Page, button: string, region: string): Promise<Locator> {
  const view = page.getByRole('tabpanel', { name: 'Firewall' });
  await view.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: button, exact: true }).click();
  const section = view.getByRole('region', { name: region });
  await section.waitFor();
  return section;
}

/** The machine is shared while the suite runs: answers from the simulator may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const rowOf = (section: Locator, text: string) => section.getByRole('row').filter({ hasText: text });

/** The appliance answers again and the write waiting goes (at once, not after its backoff): the section's "Not sent yet" empties. */
async function sendWhatWaits(section: Locator) {
  firewall!.faults.clear();
  const [write] = app!.services.outbox.list({ states: ['queued', 'sending'] });
  await app!.services.outbox.retry(write!.id);
  await poll(() => section.getByRole('region', { name: 'Not sent yet' }).count()).toBe(0);
}

describe('policies', () => {
  test('create with a value the appliance refuses (shown on its field), fix it, edit, delete', async () => {
    const page = await start();
    const section = await openSection(page, 'Policies', 'Security policies');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);

    await section.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('dialog', { name: 'New security policy' });
    await form.getByLabel('Name').fill('Block telnet <script>alert(1)</script>');
    await form.getByLabel('Action').selectOption('deny');
    await form.getByLabel('Service').fill('tcp/23');
    await form.getByLabel('Priority').fill('0');
    await form.getByRole('button', { name: 'Create' }).click();
    const priority = form.getByLabel('Priority');
    await poll(() => priority.getAttribute('aria-invalid')).toBe('true');
    const note = form.locator(`#${await priority.getAttribute('aria-describedby')}`);
    expect(await note.innerText()).toMatch(/priority/);
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('false');
    await shot(page, 'policy-field-error');

    await priority.fill('5');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    const row = rowOf(section, 'Block telnet');
    await poll(() => row.innerText()).toMatch(/5\s+Block telnet <script>alert\(1\)<\/script>\s+Deny\s+Yes/);

    await section.getByRole('button', { name: 'Edit Block telnet <script>alert(1)</script>' }).click();
    const edit = page.getByRole('dialog', { name: /Edit policy/ });
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByLabel('Description').fill('legacy protocol');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await poll(() => row.innerText()).toMatch(/Deny\s+No/);
    await shot(page, 'policies');

    await section.getByRole('button', { name: 'Delete Block telnet <script>alert(1)</script>' }).click();
    await page.getByRole('dialog', { name: /^Delete/ }).getByRole('button', { name: 'Delete' }).click();
    await poll(() => row.count()).toBe(0);
  });

  test('a policy the appliance has not taken waits above the list, and is in it once sent', async () => {
    const page = await start();
    const section = await openSection(page, 'Policies', 'Security policies');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);
    firewall!.faults.add({ method: 'POST', path: '/policies', kind: 'status', status: 503 });

    await section.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('dialog', { name: 'New security policy' });
    await form.getByLabel('Name').fill('Allow DNS to the resolvers');
    await form.getByLabel('Service').fill('udp/53');
    // First by priority, so on the first page.
    await form.getByLabel('Priority').fill('1');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    const waiting = section.getByRole('region', { name: 'Not sent yet' });
    await poll(() => waiting.innerText()).toMatch(/Create policy “Allow DNS to the resolvers”\s+(Queued|Sending)/);
    expect(await rowOf(section, 'Allow DNS to the resolvers').count()).toBe(0);

    await sendWhatWaits(section);
    await poll(() => rowOf(section, 'Allow DNS to the resolvers').count()).toBe(1);
  });

  test("at 1024 px the table is wider than its box: each row's Edit and Delete stay whole at its right edge, however far it scrolls sideways", async () => {
    const page = await start();
    await page.setViewportSize({ width: 1024, height: 700 });
    const section = await openSection(page, 'Policies', 'Security policies');
    const grid = section.getByRole('grid');
    const body = grid.getByRole('rowgroup');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);
    expect(await body.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    const firstRow = body.getByRole('row').first();
    /** Whether the element under the middle of `target` is `target` (or inside it), and it lies inside the table's box. */
    const whole = (target: Locator) =>
      target.evaluate((element) => {
        const box = element.closest('[role="rowgroup"]')!.getBoundingClientRect();
        const rect = element.getBoundingClientRect();
        const under = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return rect.left >= box.left && rect.right <= box.right && under !== null && element.contains(under);
      });
    const remove = firstRow.getByRole('button', { name: /^Delete / });
    expect(await whole(remove)).toBe(true);
    for (const fraction of [0.5, 1]) {
      await body.evaluate((element, part) => {
        element.scrollLeft = element.scrollWidth * part;
      }, fraction);
      expect(await whole(remove)).toBe(true);
    }
    // Scrolled to the end, the column the buttons covered sits whole to their left.
    expect(await whole(firstRow.getByRole('gridcell').nth(-2))).toBe(true);
  });
});

describe('log search', () => {
  test('the query builder sends its query object, pages the results and keeps the search', async () => {
    const page = await start({ key: 'readOnly' });
    const section = await openSection(page, 'Log search', 'Log search');
    const builder = section.getByRole('form', { name: 'Query' });
    await builder.getByLabel('Type').selectOption('traffic');
    await builder.getByLabel('Action').selectOption('deny');
    await builder.getByLabel('Time').selectOption('all');
    await builder.getByRole('button', { name: 'Search' }).click();

    const results = section.getByRole('region', { name: 'Results' });
    await poll(() => results.getByRole('row').count()).toBeGreaterThan(1);
    expect(JSON.parse(await builder.getByLabel('Query object sent').innerText())).toEqual({ type: 'traffic', action: 'deny' });
    const rows = await results.getByRole('row').allInnerTexts();
    expectEach(rows.slice(1), (text) => /traffic/.test(text) && /deny/.test(text), 'show denied traffic');
    const firstPage = rows[1];
    const pager = results.getByText(/Page 1 of \d+/);
    if ((await results.getByRole('button', { name: 'Next page' }).isEnabled())) {
      await results.getByRole('button', { name: 'Next page' }).click();
      await poll(() => results.getByText(/Page 2 of/).count()).toBe(1);
      expect((await results.getByRole('row').allInnerTexts())[1]).not.toBe(firstPage);
    } else {
      expect(await pager.count()).toBe(1);
    }

    const recent = section.getByRole('complementary', { name: 'Recent searches' });
    await poll(() => recent.innerText()).toContain('traffic · deny · All time');
    await shot(page, 'log-search');

    // The words answer as they are typed, with the other fields as last searched: a half-typed
    // address waits for Search.
    const address = /\d+\.\d+\.\d+\.\d+/.exec(firstPage!)![0];
    await builder.getByLabel('Source IP').fill('10.0.');
    await builder.getByLabel('Text', { exact: true }).pressSequentially(address, { delay: 30 });
    await poll(async () => JSON.parse(await builder.getByLabel('Query object sent').innerText())).toEqual({ query: address, type: 'traffic', action: 'deny' });
    expectEach((await results.getByRole('row').allInnerTexts()).slice(1), (text) => text.includes(address), `name ${address}`);

    await builder.getByLabel('Source IP').fill('10.0.0.999');
    await builder.getByRole('button', { name: 'Search' }).click();
    await poll(() => builder.getByLabel('Source IP').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('honeypots', () => {
  test('create, see trigger events, edit and delete', async () => {
    const page = await start();
    const section = await openSection(page, 'Honeypots', 'Honeypots');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);

    const busy = rowOf(section, 'ssh-decoy-1');
    await section.getByRole('button', { name: 'Events ssh-decoy-1' }).click();
    const events = section.getByRole('region', { name: 'Trigger events of “ssh-decoy-1”' });
    await poll(() => events.getByRole('row').count()).toBeGreaterThan(1);
    expect(await events.innerText()).toMatch(/ssh interaction/);
    expect(await busy.getAttribute('class')).toContain('admin-row-selected');

    await section.getByRole('button', { name: 'New honeypot' }).click();
    const form = page.getByRole('dialog', { name: 'New honeypot' });
    await form.getByLabel('Name').fill('Fake database');
    await form.getByLabel('Type').selectOption('mysql');
    await form.getByLabel('IP address').fill('10.20.99.77');
    await form.getByLabel('Port').fill('70000');
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.getByLabel('Port').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Port').fill('3306');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    const created = rowOf(section, 'Fake database');
    await poll(() => created.innerText()).toMatch(/mysql\s+10\.20\.99\.77\s+3306\s+Yes\s+0/);
    await shot(page, 'honeypots');

    await section.getByRole('button', { name: 'Edit Fake database' }).click();
    const edit = page.getByRole('dialog', { name: /Edit honeypot/ });
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await poll(() => created.innerText()).toMatch(/3306\s+No/);

    await section.getByRole('button', { name: 'Delete Fake database' }).click();
    await page.getByRole('dialog', { name: /^Delete/ }).getByRole('button', { name: 'Delete' }).click();
    await poll(() => created.count()).toBe(0);
  });
});

describe('reports', () => {
  test('a report asked for while the appliance refuses for now waits above the list, and goes when it answers', async () => {
    const page = await start();
    const section = await openSection(page, 'Reports', 'Reports');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);
    firewall!.faults.add({ method: 'POST', path: '/reports', kind: 'status', status: 503 });
    await section.getByRole('button', { name: 'Generate report' }).click();
    const form = page.getByRole('dialog', { name: 'Generate a report' });
    await form.getByLabel('Name').fill('Night shift summary');
    await form.getByRole('button', { name: 'Generate report' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    const waiting = section.getByRole('region', { name: 'Not sent yet' });
    await poll(() => waiting.innerText()).toMatch(/Generate a report\s+(Queued|Sending)/);

    await sendWhatWaits(section);
    await poll(() => rowOf(section, 'Night shift summary').count()).toBe(1);
  });

  test('a generated report shows its progress, turns ready, and reads', async () => {
    const clock = new FakeClock();
    const page = await start({ clock });
    const section = await openSection(page, 'Reports', 'Reports');
    await poll(() => section.getByRole('row').count()).toBeGreaterThan(1);

    await section.getByRole('button', { name: 'Generate report' }).click();
    const form = page.getByRole('dialog', { name: 'Generate a report' });
    await form.getByLabel('Type').selectOption('top_sources');
    await form.getByLabel('Name').fill('Morning top talkers');
    await form.getByRole('button', { name: 'Generate report' }).click();
    await form.waitFor({ state: 'detached' });

    const row = rowOf(section, 'Morning top talkers');
    await row.getByRole('progressbar', { name: 'Report progress' }).waitFor();
    expect(await row.getByRole('button', { name: 'Read Morning top talkers' }).isDisabled()).toBe(true);
    await shot(page, 'report-generating');

    // The simulator finishes after 1 s of its time; OpsDesk asks every 0.5 s of the same time.
    await poll(async () => {
        await clock.advance(500);
        return row.innerText();
      })
      .toContain('Ready');
    await row.getByRole('button', { name: 'Read Morning top talkers' }).click();
    const content = page.getByRole('dialog', { name: 'Report “Morning top talkers”' });
    await poll(() => content.innerText()).toContain('top_sources');
    expect(await content.getByRole('term').allInnerTexts()).toEqual(['alerts_total', 'top_sources']);
    await shot(page, 'report-read');
  });
});

describe('status', () => {
  test('the dashboard shows version, uptime, CPU, memory and sessions, and draws every reading', async () => {
    const clock = new FakeClock();
    const page = await start({ key: 'readOnly', clock });
    const section = await openSection(page, 'Status', 'Appliance status');
    await poll(async () => {
        await clock.advance(0);
        return section.innerText();
      })
      .toContain('7.4.2');
    const text = await section.innerText();
    for (const label of ['Version', 'Edition', 'Uptime', 'CPU', 'Memory', 'Sessions']) expect(text).toContain(label);
    expect(text).toMatch(/enterprise/);
    // Each number held to its unit: a narrow card breaks the uptime between parts, never inside one.
    expect(text).toMatch(/\d+\u00a0d \d+\u00a0h \d+\u00a0min/);

    const chart = section.getByRole('img', { name: 'CPU %, Memory %' });
    await poll(() => chart.getAttribute('data-samples')).toBe('1');
    // A reading every 5 s of the poller's time: each step of 6 s brings at most one more.
    await poll(async () => {
        await clock.advance(6_000);
        return Number(await chart.getAttribute('data-samples'));
      })
      .toBeGreaterThanOrEqual(4);
    // With the clock still, the chart catches up with the last reading main took (it is told a moment later).
    const profileId = (await app!.services.profiles.list()).profiles[0]!.id;
    const { samples } = await app!.services.firewallAdmin.status.history(profileId);
    await poll(async () => Number(await chart.getAttribute('data-samples'))).toBe(samples.length);
    expect(await chart.locator('canvas').count()).toBe(1);
    expect(await chart.innerText()).toMatch(/CPU %[\s\S]*Memory %/);
    await shot(page, 'status');
  });
});

describe('edition and role', () => {
  test('the free WAF edition shows read-only controls with the reason, and no honeypots or devices', async () => {
    const page = await start({ edition: 'free-waf' });
    const policies = await openSection(page, 'Policies', 'Security policies');
    // Said once, above every section; the section's controls carry it on hover.
    await poll(() => page.getByRole('tabpanel', { name: 'Firewall' }).getByRole('note', { name: 'Read-only' }).innerText()).toContain("The free WAF edition's API is read-only.");
    expect(await policies.getByRole('note').count()).toBe(0);
    expect(await policies.getByRole('button', { name: 'New policy' }).isDisabled()).toBe(true);
    await poll(() => policies.getByRole('row').count()).toBeGreaterThan(1);
    expect(await policies.getByRole('button', { name: /^Edit / }).first().isDisabled()).toBe(true);
    await shot(page, 'free-edition');

    const honeypots = await openSection(page, 'Honeypots', 'Honeypots');
    expect(await honeypots.innerText()).toContain('The free WAF edition has no honeypots');
    expect(await honeypots.getByRole('grid').count()).toBe(0);
    const devices = await openSection(page, 'Devices', 'Devices');
    expect(await devices.innerText()).toContain('The free WAF edition has no device management');
  });

  test("a read-only key: the view says once, before anything is tried, why nothing can be changed; every section's write controls are off with the reason on hover", async () => {
    const page = await start({ key: 'readOnly' });
    const reason = "This key's role (read-only) may not do this";
    const objects = await openSection(page, 'Address objects', 'Address objects and groups');
    const readOnly = page.getByRole('tabpanel', { name: 'Firewall' }).getByRole('note', { name: 'Read-only' });
    await poll(() => readOnly.innerText()).toContain(reason);
    expect(await readOnly.innerText()).toContain('Nothing on this appliance can be changed from here');
    expect(await objects.getByRole('note').count()).toBe(0);
    expect(await objects.getByRole('button', { name: 'New address object' }).isDisabled()).toBe(true);
    expect(await objects.getByRole('button', { name: 'New address object' }).getAttribute('title')).toContain(reason);
    await poll(() => objects.getByRole('row').count()).toBeGreaterThan(1);
    expect(await objects.getByRole('button', { name: /^Edit / }).first().isDisabled()).toBe(true);
    expect(await objects.getByRole('button', { name: /^Delete / }).first().isDisabled()).toBe(true);
    await shot(page, 'read-only-key');
    for (const [button, region, add] of [['Policies', 'Security policies', 'New policy'], ['Honeypots', 'Honeypots', 'New honeypot']] as const) {
      const section = await openSection(page, button, region);
      expect(await section.getByRole('note').count()).toBe(0);
      expect(await section.getByRole('button', { name: add }).isDisabled()).toBe(true);
    }
    const blocklist = await openSection(page, 'Block list', 'Block list');
    expect(await blocklist.getByRole('button', { name: 'Add block' }).isDisabled()).toBe(true);
    expect(await blocklist.getByRole('button', { name: 'Add block' }).getAttribute('title')).toContain(reason);
  });

  test('an operations key may block but not administer: the administration sections say so, the lists stay writable', async () => {
    const page = await start({ key: 'operations' });
    const policies = await openSection(page, 'Policies', 'Security policies');
    await poll(() => policies.getByRole('note').innerText()).toContain("This key's role (operations) may not do this");
    expect(await policies.getByRole('button', { name: 'New policy' }).isDisabled()).toBe(true);
    const blocklist = await openSection(page, 'Block list', 'Block list');
    expect(await blocklist.getByRole('button', { name: 'Add block' }).isDisabled()).toBe(false);
  });

  test('an administrator key: nothing is read-only', async () => {
    const page = await start();
    const policies = await openSection(page, 'Policies', 'Security policies');
    await poll(() => policies.getByRole('row').count()).toBeGreaterThan(1);
    await poll(() => policies.getByRole('button', { name: 'New policy' }).isDisabled()).toBe(false);
    expect(await policies.getByRole('note').count()).toBe(0);
  });
});

describe('devices', () => {
  test('listed, and filtered by text and online state', async () => {
    const page = await start({ key: 'readOnly' });
    const section = await openSection(page, 'Devices', 'Devices');
    // The table builds only the rows on screen; it says how many it has.
    const rowCount = async () => Number(await section.getByRole('grid', { name: 'Devices' }).getAttribute('aria-rowcount'));
    await poll(rowCount).toBeGreaterThan(2);
    const all = await rowCount();
    await section.getByLabel('Online only').check();
    const onlineColumn = () => section.locator('.vt-body [role="row"]').evaluateAll((rows) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[6] as HTMLElement).innerText.trim()));
    await vi.waitFor(async () => expectEach(await onlineColumn(), (text) => text === 'Yes', 'show an online device'), { timeout: 15_000 });
    expect(await rowCount()).toBeLessThan(all);
    await shot(page, 'devices');
  });
});

describe('language', () => {
  test('in Simplified Chinese the sections, their controls and the appliance-refused field speak Chinese around the appliance\'s words', async () => {
    const page = await start({ locale: 'zh-CN' });
    const view = page.getByRole('tabpanel', { name: '防火墙' });
    await view.getByRole('button', { name: '安全策略', exact: true }).click();
    const section = view.getByRole('region', { name: '安全策略' });
    await section.getByRole('button', { name: '新建策略' }).click();
    const form = page.getByRole('dialog', { name: '新建安全策略' });
    await form.getByLabel('名称').fill('测试策略');
    await form.getByLabel('优先级').fill('0');
    await form.getByRole('button', { name: '创建' }).click();
    const priority = form.getByLabel('优先级');
    await poll(() => priority.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator(`#${await priority.getAttribute('aria-describedby')}`).innerText()).toContain("'priority'");
  });
});
