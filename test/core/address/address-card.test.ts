// The address card's reads over the real cache: alerts synced from the firewall simulator, tickets,
// contacts and work items written through the support simulator and synced back, a conversation
// as the chat keeps it; and "Create work item" on an alert, linked both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRow } from '../../../src-shared/contract/firewall.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { expectEach } from '../../support/expect-each.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data } from '../firewall/firewall-fixture.ts';
import { addSupportProfile, openWorkspace, type Workspace } from '../support/support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;
let firewallId: string;
let supportId: string;
/** Every cached alert, read through the alerts view's own query. */
let alerts: AlertRow[];

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 400, clock });
  workspace = await openWorkspace(clock);
  firewallId = await addFirewallProfile(workspace, sims);
  supportId = await addSupportProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(firewallId));
  alerts = data(await workspace.api.firewall.alerts({ profileId: firewallId, limit: 1000 })).rows;
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

/** The address most alerts name (the simulator's LAN destinations repeat). */
function busiestDestination(): string {
  const counts = new Map<string, number>();
  for (const alert of alerts) counts.set(alert.dstIp!, (counts.get(alert.dstIp!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const countBy = <T>(items: readonly T[], key: (item: T) => string | null) =>
  [...items.reduce((counts, item) => counts.set(key(item), (counts.get(key(item)) ?? 0) + 1), new Map<string | null, number>())];

describe('the address card', () => {
  it('counts an address\'s alerts by role, severity and day, and lists the newest first', async () => {
    const address = busiestDestination();
    const naming = alerts.filter((alert) => alert.dstIp === address || alert.srcIp === address);
    expect(naming.length).toBeGreaterThan(1);
    const card = data(await workspace.api.address.card({ address, limit: 3 }));
    expect(card).toMatchObject({ address, family: 'ipv4', prefixLength: null });
    expect(card.alerts.total).toBe(naming.length);
    expect(card.alerts.asDestination).toBe(alerts.filter((alert) => alert.dstIp === address).length);
    expect(card.alerts.asSource).toBe(0);
    expect(Object.fromEntries(card.alerts.bySeverity.map(({ severity, alerts: count }) => [severity, count]))).toEqual(Object.fromEntries(countBy(naming, (alert) => alert.severity)));
    const order = ['critical', 'high', 'medium', 'low', 'info'];
    const shown = card.alerts.bySeverity.map(({ severity }) => order.indexOf(severity!));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(Object.fromEntries(card.alerts.byDay.map(({ day, alerts: count }) => [day, count]))).toEqual(Object.fromEntries(countBy(naming, (alert) => alert.occurredAt!.slice(0, 10))));
    const newest = [...naming].sort((a, b) => b.occurredAt!.localeCompare(a.occurredAt!)).slice(0, 3);
    expect(card.alerts.newest.map(({ id, role, profileId }) => ({ id, role, profileId }))).toEqual(newest.map(({ id }) => ({ id, role: 'destination', profileId: firewallId })));
  });

  it('reads a range as every address in it, and names any written form of an address one way', async () => {
    const card = data(await workspace.api.address.card({ address: '10.20.3.77/24', limit: 500 }));
    expect(card).toMatchObject({ address: '10.20.3.0/24', prefixLength: 24 });
    const inRange = alerts.filter((alert) => alert.dstIp!.startsWith('10.20.3.'));
    expect(inRange.length).toBeGreaterThan(0);
    expect(card.alerts.total).toBe(inRange.length);
    expect(card.alerts.newest.map((alert) => alert.id).sort()).toEqual(inRange.map((alert) => alert.id).sort());

    // Part of an octet: read through the index on its whole octets, then decided address by address.
    const upperHalf = data(await workspace.api.address.card({ address: '10.20.3.128/25', limit: 500 }));
    expect(upperHalf.alerts.newest.map((alert) => alert.id).sort()).toEqual(inRange.filter((alert) => Number(alert.dstIp!.split('.')[3]) >= 128).map((alert) => alert.id).sort());
    const lan = data(await workspace.api.address.card({ address: '10.20.0.0/20', limit: 500 }));
    expect(lan.alerts.asDestination).toBe(alerts.filter((alert) => Number(alert.dstIp!.split('.')[2]) < 16).length);

    const source = alerts[0]!.srcIp!;
    expect(data(await workspace.api.address.card({ address: ` ::ffff:${source} ` })).alerts.asSource).toBe(alerts.filter((alert) => alert.srcIp === source).length);
  });

  it('refuses what is not one address or range', async () => {
    for (const address of ['1.2.3', '10.0.0.1 10.0.0.2', '<b>10.0.0.1</b>', '10.0.0.0/33', 'x'.repeat(65)]) {
      const result = await workspace.api.address.card({ address });
      expect(result.ok, address).toBe(false);
      expect(!result.ok && result.error.code).toBe('bad_request');
    }
  });

  it('finds the tickets, contacts, work items and conversations that mention it, and not those naming a longer address', async () => {
    const address = '203.0.113.220';
    const agent = trustingAgent(sims.ca.certPem);
    const visitorKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
    const visitor = async (message: string, subject: string) => {
      const res = await call(agent, `${sims.support.url}/api/open/v1/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${visitorKey}`, 'idempotency-key': `visitor-${subject.replaceAll(' ', '-')}` },
        json: { message, subject, visitor: { name: 'Lin' } },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.id as string;
    };
    const mentioning = await visitor(`Our office IP ${address}, is blocked since this morning.`, 'Blocked office');
    await visitor('Our office IP 203.0.113.22 is fine.', 'Another office');
    await agent.close();
    await clock.run(workspace.services.support.tickets.sync(supportId));

    const support = workspace.api.support;
    data(await clock.run(support.createWorkItem({ profileId: supportId, title: 'Check the office link', description: `Traffic from ${address}:443 dropped.` })));
    const contact = data(await clock.run(support.createContact({ profileId: supportId, name: 'Office of Lin' })));
    const contactId = (contact.response as { id: string }).id;
    data(await clock.run(support.addContactFollowUp({ profileId: supportId, contactId, kind: 'note', note: `Their gateway is ${address}.` })));
    await clock.run(workspace.services.support.syncNow(supportId, 'work'));
    await clock.run(workspace.services.support.syncNow(supportId, 'contacts'));
    data(await clock.run(support.contact({ profileId: supportId, contactId, fresh: true })));
    workspace.services.db.exec(`INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('conv_1', 'Office', 'now', 'now');
      INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES
        ('m1', 'conv_1', 0, 'user', 'Who owns ${address}?', 'now'), ('m2', 'conv_1', 1, 'assistant', 'The address ${address} is in TEST-NET-3.', 'now');
      INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('conv_2', 'Other', 'now', 'now');
      INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES ('m3', 'conv_2', 0, 'user', 'And ${address}5?', 'now');`);

    const found = data(await workspace.api.address.mentions({ address }));
    // The simulator's own tickets write addresses of 203.0.113.0/24 too; a longer address (…2205, …22) is another.
    const writes = new RegExp(`(^|[^\\d.])${address.replaceAll('.', '\\.')}(?![\\d])`);
    const expected = sims.support.store.tickets
      .filter((ticket) => ticket.site === 'site-main' && [ticket.subject, ...ticket.messages.map((message) => message.text)].some((text) => writes.test(text)))
      .map((ticket) => ticket.id);
    expect(expected).toContain(mentioning);
    expect(found.ticket.map((ticket) => ticket.id).sort()).toEqual(expected.sort());
    expectEach(found.ticket, (ticket) => ticket.profileId === supportId, 'from the support profile');
    expect(found.ticket.find((ticket) => ticket.id === mentioning)).toMatchObject({ title: 'Blocked office', excerpt: `Our office IP ${address}, is blocked since this morning.` });
    expect(found.workItem.map(({ title, excerpt }) => ({ title, excerpt }))).toEqual([{ title: 'Check the office link', excerpt: `Traffic from ${address}:443 dropped.` }]);
    expect(found.contact.map(({ id, excerpt }) => ({ id, excerpt }))).toEqual([{ id: contactId, excerpt: `Their gateway is ${address}.` }]);
    expect(found.conversation.map(({ id, profileId }) => ({ id, profileId }))).toEqual([{ id: 'conv_1', profileId: null }]);
    const inRange = data(await workspace.api.address.mentions({ address: '203.0.113.0/24', limit: 200 })).ticket.map((ticket) => ticket.title);
    expect(inRange).toEqual(expect.arrayContaining(['Another office', 'Blocked office']));
  });

  it('"Create work item" on an alert sends it through the outbox and keeps the link, which learns the item\'s id', async () => {
    const alert = alerts[0]!;
    const link = data(await clock.run(workspace.api.address.createAlertWorkItem({
      profileId: firewallId, alertId: alert.id, supportProfileId: supportId, title: `Alert ${alert.id}`, description: `From ${alert.srcIp}`, priority: 'high',
    })));
    expect(link).toMatchObject({ firewallProfileId: firewallId, alertId: alert.id, supportProfileId: supportId, write: { state: 'sent', action: { code: 'createWorkItem' } } });
    const [listed] = data(await workspace.api.address.alertWorkItems({ profileId: firewallId, alertId: alert.id }));
    expect(listed!.workId).toMatch(/\S/);
    const detail = data(await clock.run(workspace.api.support.workItem({ profileId: supportId, workId: listed!.workId! })));
    expect(detail).toMatchObject({ title: `Alert ${alert.id}`, description: `From ${alert.srcIp}`, priority: 'high' });
    expect(data(await workspace.api.address.alertWorkItems({ profileId: firewallId, alertId: alerts[1]!.id }))).toEqual([]);
    expect(data(await workspace.api.address.workItemAlerts({ profileId: supportId, workId: listed!.workId! })).map((back) => back.alertId)).toEqual([alert.id]);
  });

  it('a work item queued while the support API is down is linked to its alert once the outbox sends it', async () => {
    const alert = alerts[2]!;
    sims.support.faults.add({ method: 'POST', path: '/work', kind: 'status', status: 503, times: 10 });
    const link = data(await clock.run(workspace.api.address.createAlertWorkItem({ profileId: firewallId, alertId: alert.id, supportProfileId: supportId, title: `Alert ${alert.id}` })));
    expect(link).toMatchObject({ workId: null, write: { state: 'queued' } });
    sims.support.faults.clear();
    const sent = data(await clock.run(workspace.api.outbox.retry({ id: link.write!.id })));
    expect(sent.state).toBe('sent');
    // Learnt from the write's answer when it was sent, before anyone read the alert's links.
    const workId = (workspace.services.db.prepare('SELECT work_id FROM alert_work_links WHERE outbox_write_id = ?').pluck().get(link.write!.id)) as string;
    expect(workId).toMatch(/\S/);
    expect(data(await workspace.api.address.workItemAlerts({ profileId: supportId, workId })).map((back) => back.alertId)).toEqual([alert.id]);
  });
});
