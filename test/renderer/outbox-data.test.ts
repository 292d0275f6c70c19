// The window's outbox through its query client under Node, over the real router and services and
// the support simulator: it reads what is pending, follows every change main reports, and retries
// and discards through main.
import { afterAll, expect, test } from 'vitest';
import { contactFollowUp, newContact, settle } from '../core/outbox/outbox-fixture.ts';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { supportProfile } from '../support/support-profile.ts';

// The bridge is read at call time; it is in place before anything calls.
const sims = await startSimulators({ alertCount: 0 });
const clock = new FakeClock();
const { services, dispose } = await openTestServices({ clock });
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });
const { createQueryClient } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations, withWrite } = await import('../../src-renderer/data/invalidations.ts');
const { outboxKeys } = await import('../../src-renderer/data/query-keys.ts');
const { pendingOf, pendingRead } = await import('../../src-renderer/features/outbox/outbox-data.ts');
const { useLiveConfirmationStore } = await import('../../src-renderer/features/outbox/live-confirmation-store.ts');

afterAll(async () => {
  await dispose();
  await sims.close();
});

test('reads the pending writes, follows each change, and retries and discards through main', async () => {
  const client = createQueryClient();
  invalidations(client, bridge);
  const writes = () => client.getQueryData<Parameters<typeof pendingOf>[0]>(outboxKeys.writes()) ?? {};
  const profile = await services.profiles.save(
    supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, caPem: sims.ca.certPem, ratePerMinute: 600 }),
  );
  const refused = await settle(clock, services.outbox.submit(contactFollowUp(profile.id, 'ct_999999', 'nobody there')));
  expect(refused.state).toBe('failed');

  await client.fetchQuery(pendingRead(client));
  expect(pendingOf(writes()).map((entry) => [entry.id, entry.state])).toEqual([[refused.id, 'failed']]);

  const sent = await settle(clock, services.outbox.submit(newContact(profile.id, 'Grace Hopper')));
  await expect.poll(() => writes()[sent.id]?.state).toBe('sent');
  expect(pendingOf(writes())).toHaveLength(1);

  await bridge.outbox.retry({ id: refused.id });
  expect(writes()[refused.id]).toMatchObject({ state: 'failed', attempts: 2 });
  await bridge.outbox.discard({ id: refused.id });
  expect(pendingOf(writes())).toEqual([]);
});

test('an entry a view hands in again changes nothing; an older one never replaces a newer', () => {
  const entry = { id: 'w1', profileId: 'p', service: 'support', objectKey: 'ticket:new', action: { code: 'createTicket' }, state: 'sent' as const, error: null, attempts: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:02.000Z' };
  const writes = withWrite({}, entry);
  expect(withWrite(writes, { ...entry })).toBe(writes);
  expect(withWrite(writes, { ...entry, state: 'sending', updatedAt: '2026-01-01T00:00:01.000Z' }).w1?.state).toBe('sent');
});

test('LIVE questions are asked one at a time, each answered for itself', async () => {
  const { ask, answer } = useLiveConfirmationStore.getState();
  const first = ask('Close ticket 7', 'Live help desk');
  const second = ask('Create contact “Ada”', 'Live help desk');
  expect(useLiveConfirmationStore.getState().asking?.action).toBe('Close ticket 7');
  answer(false);
  expect(useLiveConfirmationStore.getState().asking?.action).toBe('Create contact “Ada”');
  answer(true);
  expect(await Promise.all([first, second])).toEqual([false, true]);
  expect(useLiveConfirmationStore.getState().asking).toBeNull();
});
