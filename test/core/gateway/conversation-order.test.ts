// The conversations sidebar lists the newest first, and keeps to it when several are made or
// changed within one millisecond (a fast machine, a script): the one made later comes first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FakeClock } from '../../support/fake-clock.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let opened: TestServices;
let profileId: string;

beforeAll(async () => {
  opened = await openTestServices({ clock: new FakeClock(Date.parse('2026-11-26T12:00:00Z')) });
  profileId = (await opened.services.profiles.save({ service: 'gateway', name: 'Gateway', baseUrl: 'https://gateway.example/v1', apiKey: 'sk-order-test', trust: { mode: 'system' }, settings: { rateTier: 600 } })).id;
});

afterAll(() => opened.dispose());

test('conversations made in the same millisecond list the later first, in the whole list and in a search', () => {
  const { chat } = opened.services;
  const made = ['first', 'second', 'third', 'fourth', 'fifth'].map((title) => chat.updateConversation(chat.createConversation(profileId).id, { title: `Order ${title}` }).id);
  const newestFirst = [...made].reverse();

  expect(chat.conversations().map((summary) => summary.id)).toEqual(newestFirst);
  expect(chat.conversations('Order').map((summary) => summary.id)).toEqual(newestFirst);
});
