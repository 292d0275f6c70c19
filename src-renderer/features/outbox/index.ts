export { WaitingWrites } from './WaitingWrites.tsx';
export { WriteActions, WriteState, WriteStateWords, offersActions } from './WriteState.tsx';
export { useBatchWrites, useDiscardWrite, useOutboxEntry, useRetryWrite } from './outbox-data.ts';
export { useActionText } from './use-action-text.ts';
export { useConfirmedWrite } from './use-confirmed-write.ts';
