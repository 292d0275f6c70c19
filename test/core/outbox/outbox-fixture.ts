// The outbox as the app builds it (createAppServices), with the support writes' production sender
// (core/support/support-outbox.ts), a support profile for the simulator over real HTTPS, a real
// SQLite file and a fake clock.
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { LogRecord } from '../../../src-main/core/log/logger.ts';
import type { OutboxEntry, OutboxWrite } from '../../../src-main/core/outbox/outbox.ts';
import type { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import { SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import type { FakeClock } from '../../support/fake-clock.ts';
import { openTestServices } from '../../support/test-services.ts';

export interface OutboxWorkspace {
  services: AppServices;
  api: OpsDeskApi;
  logs: LogRecord[];
  dataDir: string;
  close(): Promise<void>;
}

export async function openOutboxWorkspace(clock: FakeClock, options: { dataDir?: string; keyStore?: SessionKeyStore } = {}): Promise<OutboxWorkspace> {
  const logs: LogRecord[] = [];
  const { services, dataDir, dispose } = await openTestServices({ ...options, clock, logSink: (record) => logs.push(record) });
  return { services, api: bridgeInProcess(services), logs, dataDir, close: dispose };
}

let profileNumber = 0;

/** A support profile on site-main with a key allowed every scope and a high rate; short waits, so a timeout costs little real time. */
export async function addSupportProfile(
  workspace: OutboxWorkspace,
  sims: Simulators,
  options: { apiKey?: string; headersMs?: number; baseUrl?: string } = {},
): Promise<{ id: string; apiKey: string }> {
  const apiKey = options.apiKey ?? sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const { id } = await workspace.services.profiles.save({
    service: 'support',
    name: `Support ${++profileNumber}`,
    baseUrl: options.baseUrl ?? sims.support.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: options.headersMs ?? 5_000, bodyMs: 5_000, streamIdleMs: 5_000 },
    settings: { site: 'site-main', ratePerMinute: 10_000 },
  });
  return { id, apiKey };
}

export const newTicket = (profileId: string, subject: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: 'ticket:new',
  action: { code: 'createTicket', params: { subject } },
  request: { method: 'POST', path: '/tickets', body: { subject, message: `Body of ${subject}` } },
});

export const visitorMessage = (profileId: string, ticketId: string, text: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: `ticket:${ticketId}`,
  action: { code: 'sendVisitorMessage', params: { id: ticketId } },
  request: { method: 'POST', path: `/tickets/${ticketId}/messages`, body: { text } },
});

export const robotReply = (profileId: string, ticketId: string, text: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: `ticket:${ticketId}`,
  action: { code: 'replyToTicket', params: { id: ticketId } },
  request: { method: 'POST', path: `/tickets/${ticketId}/reply`, body: { text } },
});

export const newContact = (profileId: string, name: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: 'contact:new',
  action: { code: 'createContact', params: { name } },
  request: { method: 'POST', path: '/contacts', body: { name } },
});

export const contactFollowUp = (profileId: string, contactId: string, note: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: `contact:${contactId}`,
  action: { code: 'addContactFollowUp', params: { name: contactId } },
  request: { method: 'POST', path: `/contacts/${contactId}/follows`, body: { kind: 'note', note } },
});

export const workFollowUp = (profileId: string, workId: string, note: string): OutboxWrite => ({
  profileId,
  service: 'support',
  objectKey: `work:${workId}`,
  action: { code: 'addWorkFollowUp', params: { id: workId } },
  request: { method: 'POST', path: `/work/${workId}/follows`, body: { note } },
});

/** The id the server gave a created object, from the answer the outbox kept. */
export function createdId(entry: OutboxEntry): string {
  return (entry.response as { id: string }).id;
}

/**
 * Lets real I/O run and moves the fake clock to the next timer whenever nothing else is due, until
 * `done` holds: the outbox's backoff, the client's own retries and Retry-After waits all pass in
 * fake time while requests travel for real.
 */
export async function driveUntil(clock: FakeClock, done: () => boolean, { maxFakeMs = 24 * 3_600_000, maxTurns = 50_000 } = {}): Promise<void> {
  const start = clock.now();
  for (let turn = 0; !done(); turn++) {
    if (turn >= maxTurns) throw new Error('the outbox did not settle');
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (done()) return;
    const next = clock.pending()[0];
    if (next === undefined) continue;
    if (clock.now() + next - start > maxFakeMs) throw new Error(`still waiting after ${maxFakeMs} ms of fake time`);
    await clock.advance(next);
  }
}

/**
 * Moves the fake clock along with real time until `done`: for a server whose own waits are real
 * (the simulator's delay fault), so the outbox's waits and the server's line up as they would.
 */
export async function driveInStep(clock: FakeClock, done: () => boolean, maxMs = 60_000): Promise<void> {
  const end = Date.now() + maxMs;
  for (let last = Date.now(); !done(); ) {
    if (Date.now() > end) throw new Error(`still waiting after ${maxMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = Date.now();
    await clock.advance(now - last);
    last = now;
  }
}

/** Settles a promise that may wait on the fake clock; `drive` moves it (in step with real time for a server's real waits). */
export async function settle<T>(clock: FakeClock, work: Promise<T>, drive: (clock: FakeClock, done: () => boolean) => Promise<void> = driveUntil): Promise<T> {
  let finished = false;
  const tracked = work.finally(() => {
    finished = true;
  });
  tracked.catch(() => {});
  await drive(clock, () => finished);
  return tracked;
}
