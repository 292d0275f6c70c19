import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimulators } from './index.ts';
import type { Simulators } from './index.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { call, trustingAgent } from './test-helpers.ts';

const started: Simulators[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

describe('startSimulators', () => {
  it('writes ca.pem to caDir, serves the documented base URLs, and removes its own temp dir on close', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sim-index-'));
    try {
      const sims = await startSimulators({ caDir: dir, alertCount: 0 });
      expect(sims.ca.file).toBe(path.join(dir, 'ca.pem'));
      expect(await readFile(sims.ca.file, 'utf8')).toBe(sims.ca.certPem);
      expect(sims.gateway.url).toBe(`https://127.0.0.1:${sims.gateway.port}/v1`);
      expect(sims.support.url).toBe(`https://127.0.0.1:${sims.support.port}`);
      expect(sims.firewall.url).toBe(`https://127.0.0.1:${sims.firewall.port}/api/v1`);
      expect(new Set([sims.gateway.port, sims.support.port, sims.firewall.port]).size).toBe(3);
      await sims.close();
      expect((await stat(sims.ca.file)).isFile()).toBe(true); // a caller's directory is left alone

      const temp = await startSimulators({ alertCount: 0 });
      await temp.close();
      await expect(stat(temp.ca.file)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives the same keys and data for the same seed', async () => {
    const a = await startSimulators({ seed: 42, alertCount: 10 });
    const b = await startSimulators({ seed: 42, alertCount: 10 });
    started.push(a, b);
    expect(a.support.keys).toEqual(b.support.keys);
    expect(a.firewall.keys).toEqual(b.firewall.keys);
    const agentA = trustingAgent(a.ca.certPem);
    const agentB = trustingAgent(b.ca.certPem);
    const tickets = async (sims: Simulators, agent: typeof agentA) =>
      (await call(agent, `${sims.support.url}/api/open/v1/tickets?limit=5`, { headers: { authorization: `Bearer ${sims.support.keys.demo}` } })).json.data.items
        .map((t: { id: string; subject: string }) => [t.id, t.subject]);
    expect(await tickets(a, agentA)).toEqual(await tickets(b, agentB));
    await Promise.all([agentA.close(), agentB.close()]);
  });

  it('binds the requested ports and refuses an alert count over 100000', async () => {
    const first = await startSimulators({ alertCount: 0 });
    started.push(first);
    await expect(startSimulators({ ports: { firewall: first.firewall.port } })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await expect(startSimulators({ alertCount: 100_001 })).rejects.toThrow(/alertCount/);
  });

  it('adds alerts on its own with activity on', async () => {
    const clock = new FakeClock();
    const sims = await startSimulators({ alertCount: 5, activity: true, clock });
    started.push(sims);
    const agent = trustingAgent(sims.ca.certPem);
    const total = async () => (await call(agent, `${sims.firewall.url}/alerts?page_size=1`, { headers: { authorization: `Bearer ${sims.firewall.keys.demo}` } })).json.total as number;
    try {
      expect(await total()).toBe(5);
      // The firewall adds one to three alerts every three seconds.
      await clock.advance(2_999);
      expect(await total()).toBe(5);
      await clock.advance(1);
      expect(await total()).toBeGreaterThan(5);
    } finally {
      await agent.close();
    }
  });
});
