// P7, the key's budget: a busy support session against a 60-a-minute key, on a fake clock shared
// with the simulator: the inbox syncs in the background (tickets every 30 s, contacts and work items
// every 5 minutes, the first sync a backfill) while the user opens a ticket every 2 s and writes a
// robot reply every 4 s. Counted: the simulator's 429 answers (OpsDesk must cause none) and how long
// the user's calls took in the session's time, p95 (waiting for the budget, plus the wire: time
// moves 50 ms a step while a request is on it).
import { setTimeout as realDelay } from 'node:timers/promises';
import { startSimulators, SUPPORT_SCOPES } from '../../test/sim/index.ts';
import { FakeClock } from '../../test/support/fake-clock.ts';
import { openTestServices } from '../../test/support/test-services.ts';
import { row, type Figure } from '../figure.ts';

const STEP_MS = 50;
const OPEN_EVERY_MS = 2_000;
const WRITE_EVERY_MS = 4_000;

const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

export const p7Budget: Figure = {
  id: 'P7',
  async run({ quick }) {
    const sessionMs = (quick ? 1 : 10) * 60_000;
    const clock = new FakeClock();
    const sims = await startSimulators({ clock });
    const { services, dispose } = await openTestServices({ clock, backgroundSync: true });
    try {
      const { id: profileId } = await services.profiles.save({
        service: 'support',
        name: 'Busy desk',
        baseUrl: sims.support.url,
        apiKey: sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 60 }),
        trust: { mode: 'ca-only', caPem: sims.ca.certPem },
        timeouts: { connectMs: 60_000, headersMs: 60_000, bodyMs: 60_000, streamIdleMs: 60_000 },
        settings: { site: 'site-main', ratePerMinute: 60 },
      });
      const support = services.support;
      const requestsBefore = sims.support.requests.length;
      const waits: number[] = [];
      const inFlight = new Set<Promise<unknown>>();
      const userCall = (work: () => Promise<unknown>) => {
        const started = clock.now();
        const call = work().then(() => undefined, () => undefined).then(() => waits.push(clock.now() - started));
        inFlight.add(call);
        void call.finally(() => inFlight.delete(call));
      };
      const openTickets = () => support.tickets.query({ profileId, limit: 200 }).rows.filter((ticket) => ticket.status !== 'closed');
      const end = clock.now() + sessionMs;
      let nextOpen = clock.now() + OPEN_EVERY_MS;
      let nextWrite = clock.now() + WRITE_EVERY_MS;
      let turn = 0;
      while (clock.now() < end) {
        const candidates = clock.now() >= Math.min(nextOpen, nextWrite) ? openTickets() : [];
        if (clock.now() >= nextOpen) {
          nextOpen += OPEN_EVERY_MS;
          const ticket = candidates[turn++ % Math.max(1, candidates.length)];
          if (ticket) userCall(() => support.tickets.detail(profileId, ticket.id, true));
        }
        if (clock.now() >= nextWrite) {
          nextWrite += WRITE_EVERY_MS;
          const ticket = candidates[(turn * 7) % Math.max(1, candidates.length)];
          if (ticket) userCall(() => support.tickets.replyToTicket(profileId, ticket.id, `We are on it (${turn})`));
        }
        await realDelay(2);
        await clock.advance(STEP_MS);
      }
      while (inFlight.size > 0) await clock.run(Promise.race(inFlight), { maxMs: 120_000 });
      const answered = sims.support.requests.slice(requestsBefore);
      const limited = answered.filter((request) => request.status === 429).length;
      const note = `${answered.length} requests in ${sessionMs / 60_000} min, ${waits.length} user calls`;
      if (waits.length === 0) throw new Error('P7 made no user calls');
      return [
        row('P7 responses 429 in a busy session (60/min key)', 'responses', limited, null, { measuredBelow: 1 }, note),
        row("P7 user calls' wait for the budget, p95", 'ms', p95(waits), null, { measuredBelow: 1000 }, note),
      ];
    } finally {
      await dispose();
      await sims.close();
    }
  },
};
