// A ticket's contact and a contact's tickets from the caches, against the simulator: the server's
// link first, else the visitor's e-mail, else a name only one cached contact has; several contacts
// with the name are offered to tell apart, never picked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;
let agent: Agent;
let siteKey: string;
let profileId: string;

/** What happens on the site meanwhile, through another application's key. */
async function onSite(path: string, body: unknown): Promise<{ id: string; email?: string; visitor?: { contact_id: string | null } }> {
  const res = await call(agent, `${sims.support.url}/api/open/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${siteKey}`, 'idempotency-key': `site-${Math.random()}` },
    json: body,
  });
  return res.json.data;
}

beforeAll(async () => {
  sims = await startSimulators({ clock });
  workspace = await openWorkspace(clock);
  agent = trustingAgent(sims.ca.certPem);
  siteKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  profileId = await addSupportProfile(workspace, sims);
});
afterAll(async () => {
  await agent.close();
  await workspace.close();
  await sims.close();
});

const api = () => workspace.api.support;
const syncAll = async () => {
  await clock.run(workspace.services.support.tickets.sync(profileId));
  await clock.run(workspace.services.support.contacts.sync(profileId));
};

describe("a ticket's contact", () => {
  it('is the one the server links; else the one with the visitor’s e-mail; else the only one with the name; several with the name are offered, none chosen', async () => {
    const linked = await onSite('/contacts', { name: 'Marta Kowalczyk', email: 'marta.k@example.org', company: 'Kowalczyk Sp.' });
    const byLink = await onSite('/tickets', { message: 'My router is down', contact_id: linked.id });
    const byEmail = await onSite('/tickets', { message: 'Invoice missing', visitor: { name: 'M. K.', email: 'MARTA.K@example.org' } });
    await onSite('/contacts', { name: 'Ilse Vandermeer', email: 'ilse@one.example', company: 'One' });
    await onSite('/contacts', { name: 'Ilse Vandermeer', email: 'ilse@two.example', company: 'Two' });
    const twoNamed = await onSite('/tickets', { message: 'Hello', visitor: { name: 'Ilse Vandermeer' } });
    const unique = await onSite('/contacts', { name: 'Oskar Lindqvist-Brandt', company: 'Brandt AB' });
    const oneNamed = await onSite('/tickets', { message: 'Hi', visitor: { name: 'oskar lindqvist-brandt' } });
    const nobody = await onSite('/tickets', { message: 'Anyone?', visitor: { name: 'Nobody Known Here' } });
    await syncAll();

    const contactOf = async (ticketId: string) => dataOf(await api().ticketContact({ profileId, ticketId }));
    expect(await contactOf(byLink.id)).toMatchObject({ matchedBy: 'server', contact: { id: linked.id, name: 'Marta Kowalczyk', company: 'Kowalczyk Sp.' } });
    expect(await contactOf(byEmail.id)).toMatchObject({ matchedBy: 'email', contact: { id: linked.id } });
    expect(await contactOf(oneNamed.id)).toMatchObject({ matchedBy: 'name', contact: { id: unique.id } });
    const ambiguous = await contactOf(twoNamed.id);
    expect(ambiguous).toMatchObject({ contact: null, matchedBy: null });
    expect(ambiguous.candidates.map((candidate) => candidate.company).sort()).toEqual(['One', 'Two']);
    expect(await contactOf(nobody.id)).toEqual({ contact: null, matchedBy: null, contactId: null, candidates: [] });

    // The contact's tickets: the one the server links and the one from its address that names no contact.
    const tickets = dataOf(await api().contactTickets({ profileId, contactId: linked.id }));
    expect(tickets.total).toBe(2);
    expect(tickets.rows.map((row) => row.id).sort()).toEqual([byLink.id, byEmail.id].sort());
  });

  it('is read from the server when the ticket names a contact the cache does not hold yet', async () => {
    const fresh = await onSite('/contacts', { name: 'Jonas Ebner', email: 'jonas@ebner.example' });
    const ticket = await onSite('/tickets', { message: 'Where is my parcel?', contact_id: fresh.id });
    await clock.run(workspace.services.support.tickets.sync(profileId));
    expect(dataOf(await api().ticketContact({ profileId, ticketId: ticket.id }))).toMatchObject({ matchedBy: 'server', contactId: fresh.id, contact: { name: 'Jonas Ebner' } });
  });
});
