import type { IpcError } from '../../src-shared/contract/define.ts';
import { ipcErrorInEnglish } from './english-text.ts';

/** An error thrown on purpose: its code, params and field errors reach the window as they are. */
export class UserFacingError extends Error {
  readonly detail: IpcError;
  constructor(detail: Omit<IpcError, 'retryable' | 'message' | 'hint'> & { retryable?: boolean }) {
    const worded = ipcErrorInEnglish(detail);
    super(worded.message);
    this.name = 'UserFacingError';
    this.detail = worded;
  }
}
