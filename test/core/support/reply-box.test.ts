// The reply box's own data in main: canned replies (for every connection or one) and each ticket's
// unsent text, kept in SQLite across a restart, never sent anywhere by themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addSupportProfile, dataOf, openWorkspace, type Workspace } from './support-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ clock });
  workspace = await openWorkspace(clock);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

const api = () => workspace.api.replies;

describe('canned replies', () => {
  it('offers every connection’s replies and the connection’s own, by shortcut; another connection does not see them', async () => {
    const desk = await addSupportProfile(workspace, sims);
    const other = await addSupportProfile(workspace, sims);
    dataOf(await api().saveCannedReply({ profileId: null, shortcut: 'thanks', body: 'Thank you, {{visitor.first_name}}!' }));
    const refund = dataOf(await api().saveCannedReply({ profileId: desk, shortcut: 'refund', body: 'Your refund for {{ticket.id}} is on its way.' }));

    expect(dataOf(await api().cannedReplies({ profileId: desk })).map((reply) => reply.shortcut)).toEqual(['refund', 'thanks']);
    expect(dataOf(await api().cannedReplies({ profileId: other })).map((reply) => reply.shortcut)).toEqual(['thanks']);

    const edited = dataOf(await api().saveCannedReply({ id: refund.id, profileId: desk, shortcut: 'refund', body: 'Refunded: {{ticket.subject}}' }));
    expect(edited).toMatchObject({ id: refund.id, body: 'Refunded: {{ticket.subject}}', createdAt: refund.createdAt });

    // Removing the connection removes its own replies, not the shared ones.
    await workspace.services.profiles.remove(desk);
    expect(dataOf(await api().cannedReplies({})).map((reply) => reply.shortcut)).toEqual(['thanks']);
  });

  it('refuses a shortcut already used (in any case), an unknown variable and a shortcut that is not one word, each on its field', async () => {
    const desk = await addSupportProfile(workspace, sims);
    dataOf(await api().saveCannedReply({ profileId: desk, shortcut: 'hello', body: 'Hello!' }));
    const refusals = await Promise.all([
      api().saveCannedReply({ profileId: null, shortcut: 'HELLO', body: 'Hi' }),
      api().saveCannedReply({ profileId: null, shortcut: 'agent', body: 'I am {{agent.name}}' }),
      api().saveCannedReply({ profileId: null, shortcut: 'two words', body: 'Hi' }),
    ]);
    expect(refusals.map((result) => !result.ok && result.error.fieldErrors?.map(({ path, code }) => `${path}:${code}`))).toEqual([
      ['shortcut:shortcut_taken'],
      ['body:unknown_variable'],
      ['shortcut:shortcut_format'],
    ]);
    expect(dataOf(await api().cannedReplies({ profileId: desk })).filter((reply) => reply.shortcut !== 'thanks').map((reply) => reply.body)).toEqual(['Hello!']);
  });
});

describe('reply drafts', () => {
  it('keeps a ticket’s unsent text across a restart, and forgets it when emptied', async () => {
    const desk = await addSupportProfile(workspace, sims);
    dataOf(await api().saveReplyDraft({ profileId: desk, ticketId: 'tkt_000001', text: 'Dear Ana,\nwe are looking' }));
    dataOf(await api().saveReplyDraft({ profileId: desk, ticketId: 'tkt_000002', text: 'Other ticket' }));

    const restarted = await openWorkspace(clock, { dataDir: workspace.dataDir });
    try {
      expect(dataOf(await restarted.api.replies.replyDraft({ profileId: desk, ticketId: 'tkt_000001' }))).toBe('Dear Ana,\nwe are looking');
      dataOf(await restarted.api.replies.saveReplyDraft({ profileId: desk, ticketId: 'tkt_000001', text: '  ' }));
      expect(dataOf(await restarted.api.replies.replyDraft({ profileId: desk, ticketId: 'tkt_000001' }))).toBe('');
      expect(dataOf(await restarted.api.replies.replyDraft({ profileId: desk, ticketId: 'tkt_000002' }))).toBe('Other ticket');
    } finally {
      await restarted.services.dispose();
    }
  });
});
