export { WaitingWrites } from './WaitingWrites.tsx';
export { WriteActions, WriteState, WriteStateWords, offersActions } from './WriteState.tsx';
export { useOutboxStore } from './outbox-store.ts';
export { useActionText } from './use-action-text.ts';
export { useConfirmedWrite } from './use-confirmed-write.ts';
export { useOutboxEntry } from './use-outbox-entry.ts';
