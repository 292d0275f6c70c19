// Chat log lines arrive newest first across sessions; the Support view shows one card per session.
import { describe, expect, test } from 'vitest';
import { groupBySession } from '../../src-renderer/features/support/chatlogs/group-by-session.ts';

const line = (id: string, sessionId: string | null, createdAt: string) => ({ id, sessionId, role: 'visitor', text: id, createdAt });

describe('chat log lines grouped by session', () => {
  test('the most recently active session first, each session in the order it was said, lines without a session together', () => {
    const groups = groupBySession([
      line('b2', 'b', '2026-01-01T10:05:00Z'),
      line('a2', 'a', '2026-01-01T10:04:00Z'),
      line('b1', 'b', '2026-01-01T10:03:00Z'),
      line('x1', null, '2026-01-01T10:02:00Z'),
      line('a1', 'a', '2026-01-01T10:01:00Z'),
    ]);
    expect(groups.map((group) => [group.sessionId, group.lines.map((entry) => entry.id), group.latestAt])).toEqual([
      ['b', ['b1', 'b2'], '2026-01-01T10:05:00Z'],
      ['a', ['a1', 'a2'], '2026-01-01T10:04:00Z'],
      [null, ['x1'], '2026-01-01T10:02:00Z'],
    ]);
  });

  test('no lines, no groups', () => {
    expect(groupBySession([])).toEqual([]);
  });
});
