// The reply box's own data in main (canned replies, each ticket's unsent text): the bridge calls of
// the Settings section and of the Support view's reply box. Components use these only.
import { useQueryClient } from '@tanstack/react-query';
import type { CannedReplyInput } from '../../../src-shared/contract/replies.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcMutation, useIpcQuery } from '../../data/ipc-query.ts';
import { replyKeys } from '../../data/query-keys.ts';

/** With a profile: the replies it offers (every connection's and its own); with null: all of them. */
export const useCannedReplies = (profileId: string | null) =>
  useIpcQuery(replyKeys.canned(profileId), () => opsdesk.replies.cannedReplies(profileId === null ? {} : { profileId }));

/** Add, change and remove: every list of replies shown is read again after each. */
export function useCannedReplyWrites() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: replyKeys.all() });
  return {
    save: useIpcMutation((input: CannedReplyInput) => opsdesk.replies.saveCannedReply(input), { onSuccess }),
    remove: useIpcMutation((id: string) => opsdesk.replies.removeCannedReply({ id }), { onSuccess }),
  };
}

/** A ticket's reply box text as main keeps it: read when the box opens, written as it changes. */
export const replyDraftCalls = {
  read: (profileId: string, ticketId: string) => opsdesk.replies.replyDraft({ profileId, ticketId }),
  save: (profileId: string, ticketId: string, text: string) => opsdesk.replies.saveReplyDraft({ profileId, ticketId, text }),
};
