import type { ChatLogEntry } from '../../../../src-shared/contract/support.ts';

export interface SessionLog {
  /** null: lines the server gave no session. */
  sessionId: string | null;
  /** Oldest first, as the conversation went. */
  lines: ChatLogEntry[];
  latestAt: string | null;
}

/** Newest-first log lines as one group per session, the most recently active session first. */
export function groupBySession(entries: readonly ChatLogEntry[]): SessionLog[] {
  const groups = new Map<string | null, SessionLog>();
  for (const entry of entries) {
    const group = groups.get(entry.sessionId) ?? { sessionId: entry.sessionId, lines: [], latestAt: entry.createdAt };
    group.lines.unshift(entry);
    groups.set(entry.sessionId, group);
  }
  return [...groups.values()];
}
