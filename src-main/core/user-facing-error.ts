import type { IpcError } from '../../src-preload/contract/define.ts';

/** An error thrown on purpose: its code, message and hint reach the user as they are. */
export class UserFacingError extends Error {
  readonly detail: IpcError;
  constructor(detail: Omit<IpcError, 'retryable'> & { retryable?: boolean }) {
    super(detail.message);
    this.name = 'UserFacingError';
    this.detail = { retryable: false, ...detail };
  }
}
