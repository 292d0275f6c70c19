// A follow-up (contacts and work items, support.md part 2: `kind` phone, chat or note) as the server sends it.
import type { FollowUp } from '../../../src-preload/contract/support.ts';
import { readRecords, type Fields } from '../wire/read.ts';

export const FOLLOW_UP_NAMES = ['follows', 'follow_ups', 'followups', 'followUps', 'timeline'] as const;

export function readFollowUp(fields: Fields): FollowUp | undefined {
  const id = fields.id('id', 'follow_id', 'followup_id', 'follow_up_id');
  if (id === undefined) return undefined;
  return {
    id,
    kind: fields.string('kind', 'type', 'channel') ?? null,
    note: fields.string('note', 'content', 'text', 'body') ?? null,
    author: fields.string('author', 'author_name', 'operator', 'created_by') ?? null,
    createdAt: fields.time('created_at', 'createdAt', 'time', 'at') ?? null,
  };
}

/** The follow-ups a detail carries; null when it carried no list. */
export function readFollowUps(fields: Fields): FollowUp[] | null {
  const list = fields.list(...FOLLOW_UP_NAMES);
  return list ? readRecords(list, readFollowUp).records : null;
}
