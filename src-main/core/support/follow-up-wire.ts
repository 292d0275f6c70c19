// A follow-up (contacts and work items, support.md part 2: `kind` phone, chat or note) as the server sends it.
import type { FollowUp } from '../../../src-shared/contract/support.ts';
import { readRecords, type Fields } from '../wire/read.ts';
import { otherOf } from './support-wire.ts';

/** What a contact's or work item's detail has beyond its list row, as sent and as cached. */
export interface DetailParts {
  /** null: no answer carried the list yet. */
  follows: FollowUp[] | null;
  /** Fields OpsDesk has no place for, as sent. */
  other: Record<string, unknown>;
}

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

const RECORD_NAMES = {
  followCount: ['follow_count', 'followCount', 'follows_count'],
  createdAt: ['created_at', 'createdAt', 'created'],
  updatedAt: ['updated_at', 'updatedAt', 'modified_at'],
} as const;
const RECORD_KNOWN = [...Object.values(RECORD_NAMES).flat(), ...FOLLOW_UP_NAMES, 'site', 'site_id'];

export type FollowedRecordParts = DetailParts & { followCount: number | null; createdAt: string | null; updatedAt: string | null };

/**
 * Reads what a contact and a work item are sent with alike: follow-ups, their count, when, and
 * (`other`) the fields neither `ownNames` (the record's own field names) nor these name, as sent.
 */
export function followedRecordReader(ownNames: Record<string, readonly string[]>): (fields: Fields) => FollowedRecordParts {
  const known = new Set<string>([...Object.values(ownNames).flat(), ...RECORD_KNOWN]);
  return (fields) => ({
    followCount: fields.number(...RECORD_NAMES.followCount) ?? null,
    createdAt: fields.time(...RECORD_NAMES.createdAt) ?? null,
    updatedAt: fields.time(...RECORD_NAMES.updatedAt) ?? null,
    follows: readFollowUps(fields),
    other: otherOf(fields.record, known),
  });
}
