// The outbox panel and the LIVE confirmation in real Chromium, over the real router and services and
// the support simulator: what is pending and why, Retry (asking first on a LIVE key: Esc cancels,
// Enter confirms), Discard (asking first), and strings from the server shown as text.
import { afterEach, expect, test } from 'vitest';
import { setUpE2e } from '../support/e2e-setup.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { fillOutbox, refusedSubject } from '../support/outbox-scene.ts';
import { driveUntil } from '../core/outbox/outbox-fixture.ts';
import { expectNone } from '../support/expect-each.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });

afterEach(() => {
  e2e.sims.support.faults.clear();
});

const ticketPosts = () => e2e.sims.support.requests.filter((request) => request.method === 'POST' && request.path === '/api/open/v1/tickets').length;

test('the outbox lists what is pending and why; Retry on a LIVE key asks first (Esc cancels, Enter sends); Discard asks first', async () => {
  const clock = new FakeClock();
  const app = await e2e.openApp({ clock });
  const { page, services } = app;
  const scene = await fillOutbox(services, e2e.sims, clock);

  const button = page.getByRole('button', { name: 'Outbox, 4 changes not sent yet' });
  await button.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+Shift+O');
  const outbox = page.getByRole('dialog', { name: 'Outbox' });
  const rows = outbox.getByRole('list', { name: 'Changes not sent yet' }).getByRole('article');
  await expect.poll(() => rows.count()).toBe(4);

  const refused = outbox.getByRole('article', { name: `Create ticket “${refusedSubject}”` });
  await expect.poll(() => refused.innerText()).toContain('Failed: An object with this id already exists.');
  expect(await refused.innerText()).toContain('Live help desk');
  expect(await outbox.locator('img').count()).toBe(0);
  const waiting = outbox.getByRole('article', { name: 'Create contact “Ada Lovelace”' });
  expect(await waiting.innerText()).toMatch(/Queued: .* · will send by itself/);
  const offlineHost = new URL(services.profiles.find(scene.offline.profileId)!.baseUrl).host;
  expect(await outbox.getByRole('article', { name: 'Add a follow-up to contact “ct_000042”' }).innerText()).toContain(`will send when ${offlineHost} answers`);

  // Retry on the LIVE profile: the confirmation names the action and says it changes real data.
  const postsBefore = ticketPosts();
  await refused.getByRole('button', { name: 'Retry' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Change real data?' });
  await confirmation.waitFor({ timeout: 10_000 });
  expect(await confirmation.innerText()).toContain(`Create ticket “${refusedSubject}”`);
  expect(await confirmation.innerText()).toContain('LIVE key');
  await page.keyboard.press('Escape');
  await expect.poll(() => confirmation.count()).toBe(0);
  expect(await outbox.isVisible()).toBe(true);
  expect(ticketPosts()).toBe(postsBefore);
  expect(services.outbox.get(scene.refused.id)).toMatchObject({ state: 'failed', attempts: 1 });

  await refused.getByRole('button', { name: 'Retry' }).click();
  await confirmation.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => services.outbox.get(scene.refused.id)?.state).toBe('sent');
  await expect.poll(() => rows.count()).toBe(3);
  expect(e2e.sims.support.store.tickets.filter((ticket) => ticket.subject === refusedSubject)).toHaveLength(1);
  await page.getByRole('button', { name: 'Outbox, 3 changes not sent yet' }).waitFor({ timeout: 10_000 });
  // The profile answered again, so its waiting contact went at once (and met the 503 again): let that attempt end.
  await driveUntil(clock, () => services.outbox.list({ states: ['sending'] }).length === 0);
  expect(services.outbox.get(scene.waiting.id)).toMatchObject({ state: 'queued', attempts: expect.any(Number) });

  // Discard asks, then the write is gone for good and nothing reaches the server.
  await waiting.getByRole('button', { name: 'Discard' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard this change?' });
  expect(await discard.innerText()).toContain('“Create contact “Ada Lovelace”” will never be sent');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect.poll(() => rows.count()).toBe(2);
  expect(services.outbox.get(scene.waiting.id)?.state).toBe('discarded');
  expectNone(e2e.sims.support.store.contacts, (contact) => contact.name === 'Ada Lovelace', 'be the discarded contact');

  // A TEST key's write is retried without asking.
  const refusedOnTest = outbox.getByRole('article', { name: 'Add a follow-up to contact “ct_999999”' });
  expect(await refusedOnTest.innerText()).toContain('Test help desk');
  await refusedOnTest.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => services.outbox.get(scene.refusedOnTest.id)?.attempts).toBe(2);
  expect(await confirmation.count()).toBe(0);

  await page.keyboard.press('Escape');
  await expect.poll(() => outbox.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Outbox, 2 changes not sent yet' }).isVisible()).toBe(true);
});
