// What a key may do, and the refusals that stop it: a missing scope disables the action and names
// the scope; a switched-off channel, a key bound to another site and an address outside the allowlist
// block the whole site and say so; every refusal carries the server's request id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';
import { expectNone } from '../../support/expect-each.ts';

describe.each(['opsdesk', 'plain'] as const)('support access, %s dialect', (dialect) => {
  const clock = new FakeClock();
  let sims: Simulators;
  let workspace: Workspace;

  beforeAll(async () => {
    sims = await startSimulators({ dialect, clock });
    workspace = await openWorkspace(clock);
  });
  afterAll(async () => {
    await workspace.close();
    await sims.close();
  });

  const api = () => workspace.api.support;
  const profileInput = async (profileId: string) => {
    const view = (await workspace.services.profiles.list()).profiles.find((profile) => profile.id === profileId)!;
    return { id: profileId, service: 'support' as const, name: view.name, baseUrl: view.baseUrl, trust: { mode: 'ca-only' as const, caPem: sims.ca.certPem }, timeouts: view.timeouts };
  };
  const site = (id: string) => (dialect === 'plain' ? String({ 'site-main': 1024, 'site-eu': 1025, 'site-closed': 1026 }[id]) : id);

  it('an agent key: reading allowed, writing contacts disabled with the scope named; a write it tries fails with forbidden_scope and the request id', async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.agent, site: site('site-main'), dialect });
    const access = dataOf(await api().access({ profileId }));
    expect(access.keyType).toBe('agent');
    expect(access.actions.readContacts).toEqual({ scope: 'crm.read', allowed: true });
    expect(access.actions.writeContacts).toEqual({ scope: 'crm.write', allowed: false });
    expect(access.actions.revealPhone.allowed).toBe(false);
    expect(access.blocked).toBeNull();
    const refused = dataOf(await api().createContact({ profileId, name: 'Nobody' }));
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatchObject({ code: 'forbidden_scope', service: 'support', requestId: expect.stringMatching(/^req_/) });
    const analytics = await api().analytics({ profileId });
    expect(analytics.ok === false && analytics.error).toMatchObject({ code: 'forbidden_scope', status: 403, requestId: expect.stringMatching(/^req_/) });
  });

  it('an ops key: crm.* and work.* cover every contact and work action', async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.ops, site: site('site-main'), dialect });
    const { actions } = dataOf(await api().access({ profileId }));
    expect([actions.writeContacts.allowed, actions.writeWork.allowed, actions.readTickets.allowed, actions.replyToTicket.allowed]).toEqual([true, true, true, false]);
  });

  it('the LIVE key says so', async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.live, site: site('site-main'), dialect });
    expect(dataOf(await api().access({ profileId }))).toMatchObject({ keyEnv: 'live', live: true });
  });

  it("a site whose API channel is off: blocked with channel_disabled, and a call says how to open it", async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.closed, site: site('site-closed'), dialect });
    const access = dataOf(await api().access({ profileId }));
    expect(access.blocked).toMatchObject({ code: 'channel_disabled', service: 'support' });
    expect(access.blocked!.hint).toMatch(/Open the API channel/);
    const tickets = await api().syncNow({ profileId, resource: 'tickets' }).then((result) => result);
    expect(tickets.ok === false && tickets.error).toMatchObject({ code: 'channel_disabled', requestId: expect.stringMatching(/^req_/) });
  });

  it('a key bound to another site: blocked with wrong_site', async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.demo, site: site('site-eu'), dialect });
    const access = dataOf(await api().access({ profileId }));
    expect(access.blocked).toMatchObject({ code: 'wrong_site' });
  });

  it('a server that ignores where the site was sent answers for the key\'s site: blocked with wrong_site, naming both and where it was sent', async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.demo, site: site('site-eu'), dialect });
    await workspace.services.profiles.save({ ...(await profileInput(profileId)), settings: { site: site('site-eu'), ratePerMinute: 100_000, siteIn: 'header', siteParameter: 'X-Desk-Site' } });
    const access = dataOf(await api().access({ profileId, refresh: true }));
    expect(access.blocked).toMatchObject({ code: 'wrong_site', params: { context: 'answered_for', answered: site('site-main'), site: site('site-eu'), sentIn: 'X-Desk-Site' } });
  });

  it("an address outside the key's allowlist: blocked with forbidden_ip", async () => {
    const profileId = await addSupportProfile(workspace, sims, { apiKey: sims.support.keys.ipRestricted, site: site('site-main'), dialect });
    const access = dataOf(await api().access({ profileId }));
    expect(access.blocked).toMatchObject({ code: 'forbidden_ip', requestId: expect.stringMatching(/^req_/) });
    expect(access.scopes).toEqual([]);
    expectNone(Object.values(access.actions), (action) => action.allowed, 'be allowed');
  });
});
