import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function repliesHandlers(services: AppServices): Handlers<Contract>['replies'] {
  const { replies } = services;
  return {
    cannedReplies: ({ profileId }) => replies.cannedReplies(profileId),
    saveCannedReply: (input) => replies.saveCannedReply(input),
    removeCannedReply: ({ id }) => replies.removeCannedReply(id),
    replyDraft: ({ profileId, ticketId }) => replies.replyDraft(profileId, ticketId),
    saveReplyDraft: ({ profileId, ticketId, text }) => replies.saveReplyDraft(profileId, ticketId, text),
  };
}
