// An outbox with something in it, for the window's tests and screenshots: a LIVE support profile
// whose ticket the server refused (a hostile subject, shown as text) and whose contact waits while
// the server answers 503; a TEST profile whose follow-up the server refused; and a profile whose
// server cannot be reached, with a follow-up queued offline.
import type { AppServices } from '../../src-main/core/app-services.ts';
import type { OutboxEntry } from '../../src-main/core/outbox/outbox.ts';
import { contactFollowUp, driveUntil, newContact, newTicket, settle } from '../core/outbox/outbox-fixture.ts';
import type { Simulators } from '../sim/index.ts';
import type { FakeClock } from './fake-clock.ts';
import { freePort } from './free-port.ts';
import { supportProfile } from './support-profile.ts';

export const refusedSubject = 'Refund <img src=x onerror=alert(1)>';

export interface OutboxScene {
  liveProfileId: string;
  refused: OutboxEntry;
  waiting: OutboxEntry;
  refusedOnTest: OutboxEntry;
  offline: OutboxEntry;
}

/** `clock` is the services' own: the client's retries and the outbox's backoff wait on it, so nothing moves behind the test's back. */
export async function fillOutbox(services: AppServices, sims: Simulators, clock: FakeClock): Promise<OutboxScene> {
  const helpDesk = (name: string, baseUrl: string, apiKey: string) =>
    services.profiles.save(supportProfile({ name, baseUrl, apiKey, caPem: sims.ca.certPem, ratePerMinute: 60 }));
  const live = await helpDesk('Live help desk', sims.support.url, sims.support.keys.live);
  const test = await helpDesk('Test help desk', sims.support.url, sims.support.keys.demo);
  const unreachable = await helpDesk('Branch help desk', `https://127.0.0.1:${await freePort()}`, sims.support.keys.demo);
  sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 409, times: 1 });
  const refused = await settle(clock, services.outbox.submit(newTicket(live.id, refusedSubject)));
  sims.support.faults.add({ method: 'POST', path: '/contacts', kind: 'status', status: 503 });
  const waiting = await settle(clock, services.outbox.submit(newContact(live.id, 'Ada Lovelace')));
  const refusedOnTest = await settle(clock, services.outbox.submit(contactFollowUp(test.id, 'ct_999999', 'Left a voicemail')));
  const offline = await settle(clock, services.outbox.submit(contactFollowUp(unreachable.id, 'ct_000042', 'Called back, no answer')));
  // A backoff that fell due meanwhile may have started another attempt: let it end, so the scene holds still.
  await driveUntil(clock, () => services.outbox.list({ states: ['sending'] }).length === 0);
  return { liveProfileId: live.id, refused, waiting, refusedOnTest, offline };
}
