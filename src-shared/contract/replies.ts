// The reply box's own data, kept in main's SQLite and never sent anywhere by itself: canned replies
// (managed in Settings, inserted with `/` or a menu) and the text of each ticket's reply box until it is sent.
import { z } from 'zod';
import { call } from './define.ts';
import { objectId, profileId } from './support/common.ts';

export interface CannedReply {
  id: string;
  /** null: offered on every support connection; else only on this one. */
  profileId: string | null;
  /** Typed after `/` in the reply box: letters, digits, `-` and `_`, one word across the list. */
  shortcut: string;
  /** The text, with variables such as `{{visitor.name}}` (`src-shared/canned-replies.ts`). */
  body: string;
  createdAt: string;
  updatedAt: string;
}

export const cannedReplyInputSchema = z.object({
  /** Absent: a new reply. */
  id: z.string().min(1).max(64).optional(),
  profileId: profileId.nullable(),
  shortcut: z.string().trim().regex(/^[\p{L}\p{N}_-]{1,32}$/u, 'shortcut_format'),
  body: z.string().trim().min(1, 'text_required').max(10_000),
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;

const ticketRef = z.object({ profileId, ticketId: objectId });

export const replies = {
  calls: {
    /** With a profile: the replies offered on it (every connection's and its own), by shortcut; without: all of them (Settings). */
    cannedReplies: call<CannedReply[]>()(z.object({ profileId: profileId.optional() }).default({})),
    /** Adds or changes a reply; a shortcut already used is refused as a field error. */
    saveCannedReply: call<CannedReply>()(cannedReplyInputSchema),
    removeCannedReply: call<null>()(z.object({ id: z.string().min(1).max(64) })),
    /** The reply box's text as it was left ('' when none). */
    replyDraft: call<string>()(ticketRef),
    /** Keeps the reply box's text; an empty text forgets it (sent, or cleared). */
    saveReplyDraft: call<null>()(ticketRef.extend({ text: z.string().max(10_000) })),
  },
  events: {},
};
