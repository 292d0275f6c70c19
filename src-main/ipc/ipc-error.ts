import type { IpcError } from '../../src-preload/contract/define.ts';

/** An error a handler throws on purpose: its code and message reach the user as they are. */
export class UserFacingError extends Error {
  readonly detail: IpcError;
  constructor(detail: Omit<IpcError, 'retryable'> & { retryable?: boolean }) {
    super(detail.message);
    this.name = 'UserFacingError';
    this.detail = { retryable: false, ...detail };
  }
}

/** Anything carrying a `detail` shaped like an IpcError (ServiceRequestError from core/http too). */
function hasIpcDetail(error: unknown): error is { detail: IpcError } {
  if (!error || typeof error !== 'object' || !('detail' in error)) return false;
  const detail = (error as { detail: unknown }).detail;
  return !!detail && typeof detail === 'object' && 'code' in detail && 'message' in detail;
}

export function toIpcError(error: unknown): IpcError {
  if (hasIpcDetail(error)) {
    const { code, message, hint, status, service, requestId, retryable, certificate } = error.detail;
    return stripUndefined({ code, message, hint, status, service, requestId, retryable: !!retryable, certificate });
  }
  return {
    code: 'internal',
    message: 'Something went wrong inside OpsDesk. The details are in the log.',
    retryable: false,
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
