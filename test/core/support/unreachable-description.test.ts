// A support server whose description cannot be reached: the call that asked fails with that cause,
// and for a minute later calls go without the description instead of each asking for it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_DESCRIPTION_MS } from '../../../src-main/core/support/client.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

describe.each(['opsdesk', 'plain'] as const)('an unreachable support description, %s dialect', (dialect) => {
  const clock = new FakeClock();
  let sims: Simulators;
  let workspace: Workspace;
  let profileId: string;

  beforeAll(async () => {
    sims = await startSimulators({ dialect, clock, alertCount: 0 });
    workspace = await openWorkspace(clock);
    profileId = await addSupportProfile(workspace, sims, { dialect });
  });
  afterAll(async () => {
    await workspace.close();
    await sims.close();
  });

  const descriptionReads = () => sims.support.requests.filter((request) => request.path.endsWith('/openapi.json')).length;

  it('is remembered for a while, not asked for again before every call', async () => {
    sims.support.faults.add({ path: '/openapi.json', kind: 'reset' });
    const first = await clock.run(workspace.api.support.kbSearch({ profileId, q: 'invoice', topK: 3 }));
    expect(first).toMatchObject({ ok: false, error: { service: 'support', code: 'connection_reset' } });
    const readsAfterFirst = descriptionReads();
    expect(readsAfterFirst).toBeGreaterThan(0);

    for (let call = 0; call < 3; call++) dataOf(await clock.run(workspace.api.support.kbSearch({ profileId, q: 'invoice', topK: 3 })));
    expect(descriptionReads()).toBe(readsAfterFirst);

    sims.support.faults.clear();
    await clock.advance(UNREACHABLE_DESCRIPTION_MS);
    dataOf(await clock.run(workspace.api.support.kbSearch({ profileId, q: 'invoice', topK: 3 })));
    expect(descriptionReads()).toBe(readsAfterFirst + 1);
  });
});
