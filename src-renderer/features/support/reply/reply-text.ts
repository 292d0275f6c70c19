// The reply box's text edits: where a `/shortcut` being typed starts, and putting a text in at the caret.
import type { CannedReply } from '../../../../src-shared/contract/replies.ts';

/** A `/` typed at the start or after a space, and the word after it up to the caret: the canned reply being looked for. */
export function slashQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]{0,32})$/u.exec(before);
  if (!match) return null;
  const query = match[2]!;
  return { start: caret - query.length - 1, query };
}

/** The text with `insert` in place of `start`..`end`, and where the caret goes after it. */
export function insertText(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** Replies whose shortcut starts with the words typed first, then those with them anywhere in the shortcut or text. */
export function matchingReplies(replies: readonly CannedReply[], query: string): CannedReply[] {
  const words = query.trim().toLocaleLowerCase();
  if (words === '') return [...replies];
  const starts = replies.filter((reply) => reply.shortcut.toLocaleLowerCase().startsWith(words));
  const within = replies.filter((reply) => !starts.includes(reply) && (reply.shortcut.toLocaleLowerCase().includes(words) || reply.body.toLocaleLowerCase().includes(words)));
  return [...starts, ...within];
}
