// The window's outbox store under Node over the real router and services and the support simulator:
// it reads what is pending, follows every change main reports, and retries and discards through main.
import { afterAll, expect, test } from 'vitest';
import { contactFollowUp, newContact, settle } from '../core/outbox/outbox-fixture.ts';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { supportProfile } from '../support/support-profile.ts';

// The stores read window.opsdesk when they are imported, so the bridge is in place first.
const sims = await startSimulators({ alertCount: 0 });
const clock = new FakeClock();
const { services, dispose } = await openTestServices({ clock });
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });
const { selectPending, useOutboxStore } = await import('../../src-renderer/features/outbox/outbox-store.ts');
const { useLiveConfirmationStore } = await import('../../src-renderer/features/outbox/live-confirmation-store.ts');

afterAll(async () => {
  await dispose();
  await sims.close();
});

test('reads the pending writes, follows each change, and retries and discards through main', async () => {
  const profile = await services.profiles.save(
    supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, caPem: sims.ca.certPem, ratePerMinute: 600 }),
  );
  const refused = await settle(clock, services.outbox.submit(contactFollowUp(profile.id, 'ct_999999', 'nobody there')));
  expect(refused.state).toBe('failed');

  await useOutboxStore.getState().follow();
  expect(selectPending(useOutboxStore.getState()).map((entry) => [entry.id, entry.state])).toEqual([[refused.id, 'failed']]);

  const sent = await settle(clock, services.outbox.submit(newContact(profile.id, 'Grace Hopper')));
  await expect.poll(() => useOutboxStore.getState().entries[sent.id]?.state).toBe('sent');
  expect(selectPending(useOutboxStore.getState())).toHaveLength(1);

  await useOutboxStore.getState().retry(refused.id);
  expect(useOutboxStore.getState().entries[refused.id]).toMatchObject({ state: 'failed', attempts: 2 });
  await useOutboxStore.getState().discard(refused.id);
  expect(selectPending(useOutboxStore.getState())).toEqual([]);

  await useOutboxStore.getState().retry('gone');
  expect(useOutboxStore.getState().error).toMatchObject({ code: 'not_found' });
});

test('an entry a view hands in again changes nothing; an older one never replaces a newer', () => {
  const entry = { id: 'w1', profileId: 'p', service: 'support', objectKey: 'ticket:new', action: { code: 'createTicket' }, state: 'sent' as const, error: null, attempts: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:02.000Z' };
  useOutboxStore.getState().remember(entry);
  const entries = useOutboxStore.getState().entries;
  useOutboxStore.getState().remember({ ...entry });
  expect(useOutboxStore.getState().entries).toBe(entries);
  useOutboxStore.getState().remember({ ...entry, state: 'sending', updatedAt: '2026-01-01T00:00:01.000Z' });
  expect(useOutboxStore.getState().entries.w1?.state).toBe('sent');
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
