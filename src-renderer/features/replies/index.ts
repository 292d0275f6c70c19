export { CannedRepliesSection } from './CannedRepliesSection.tsx';
export { CannedReplyList } from './CannedReplyList.tsx';
export { replyDraftCalls, useCannedReplies } from './replies-data.ts';
