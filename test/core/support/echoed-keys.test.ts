// A key a support server echoes back (a close note that quotes it) is masked before the ticket and
// the outbox's answer are stored, for every key the app holds, whatever its shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_SCOPES, startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

describe.each(['opsdesk', 'plain'] as const)('keys echoed by a support server, %s dialect', (dialect) => {
  const clock = new FakeClock();
  let sims: Simulators;
  let workspace: Workspace;
  let profileId: string;
  let supportKey: string;
  // Another back end's key of no known shape, held by the app because a profile uses it.
  const otherKey = 'Opaque-Gateway-Credential-5f2c9e71d3';

  beforeAll(async () => {
    sims = await startSimulators({ dialect, clock, alertCount: 0 });
    workspace = await openWorkspace(clock);
    supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
    profileId = await addSupportProfile(workspace, sims, { dialect, apiKey: supportKey });
    await workspace.services.profiles.save({ service: 'gateway', name: 'Held key', baseUrl: sims.gateway.url, apiKey: otherKey, trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { rateTier: 60 } });
  });
  afterAll(async () => {
    await workspace.close();
    await sims.close();
  });

  it('masks them in the cached ticket and in the outbox answer', async () => {
    const api = workspace.api.support;
    const created = dataOf(await api.createTicket({ profileId, message: 'Cannot log in' }));
    const ticketId = String((created.response as { id: string | number }).id);
    const note = `Customer pasted ${supportKey} and ${otherKey} into the chat`;
    const closed = dataOf(await api.closeTicket({ profileId, ticketId, note }));
    expect(closed.state).toBe('sent');
    const cached = dataOf(await api.ticket({ profileId, ticketId }));
    expect(cached.closeNote).toContain('Customer pasted');

    const stored = JSON.stringify([
      workspace.services.db.prepare('SELECT * FROM support_tickets').all(),
      workspace.services.db.prepare('SELECT response FROM outbox_writes').all(),
      closed.response,
    ]);
    expect(stored).toContain('Customer pasted');
    expect(stored).not.toContain(supportKey);
    expect(stored).not.toContain(otherKey);
  });
});
