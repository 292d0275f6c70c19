import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { startSimulators } from './index.ts';
import type { Simulators } from './index.ts';
import { call, trustingAgent } from './test-helpers.ts';
import type { Json } from './test-helpers.ts';
import { expectEach } from '../support/expect-each.ts';

let sims: Simulators;
let agent: Agent;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 100_000, seed: 11 });
  agent = trustingAgent(sims.ca.certPem);
});

afterAll(async () => {
  await agent.close();
  await sims.close();
});

describe('100,000 alerts', () => {
  it('page through every alert exactly once, newest first', async () => {
    const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 1000, windowSeconds: 60 } });
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const res = await call(agent, `${sims.firewall.url}/alerts?page=${page}&page_size=500`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.json.total).toBe(100_000);
      if (res.json.items.length === 0) break;
      ids.push(...res.json.items.map((a: Json) => a.id));
    }
    expect(ids).toHaveLength(100_000);
    expect(ids[0]).toBe('alt_00100000');
    expect(ids.at(-1)).toBe('alt_00000001');
    expectEach(ids, (id, i) => i === 0 || id < ids[i - 1]!, 'come before the one above it, newest first');
  });

  it('filter across all of them', async () => {
    const res = await call(agent, `${sims.firewall.url}/alerts?severity=low&page_size=10&page=3`, { headers: { authorization: `Bearer ${sims.firewall.keys.demo}` } });
    expect(res.json.total).toBeGreaterThan(5000);
    expect(res.json.total).toBeLessThan(50_000);
    expectEach(res.json.items, (a: Json) => a.severity === 'low', 'be low');
  });
});
