import { createContext, useContext } from 'react';
import type { IpcError } from '../../src-shared/contract/define.ts';
import { backEndAnswered } from '../../src-shared/back-end-reach.ts';

// The connection state as a notice below the banner needs it: a notice in ui/ words a failure the
// banner already explains in fewer words, and the banner's feature provides the state.

export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** Reads answer, but the back end answered a write with a 5xx and has taken none since. */
  | { kind: 'degraded'; refusal: IpcError; refusedAt: string }
  /** The back end does not answer (network, TLS, timeout, 5xx) since `since`; null when no call of main said so yet. */
  | { kind: 'offline'; since: string | null; lastReachedAt: string | null; error: IpcError | undefined }
  /** The back end answered but refused (a bad key, a missing scope), or OpsDesk could not ask it (no key stored). */
  | { kind: 'refused'; error: IpcError };

/** Whether a failure is the back end not answering: the connection state says so, and why, once. */
export const failedToReach = (error: IpcError): boolean => backEndAnswered(error) === false;

/** Below a connection banner (ServiceConnection provides it): the state the banner shows. */
export const ConnectionAboveContext = createContext<ConnectionState | undefined>(undefined);

/**
 * Whether the banner above already explains this failure, so a read below it that failed says
 * only that it failed: any failure to reach a back end the banner says is offline, or the very
 * refusal (code and status) the banner shows.
 */
export function useExplainedAbove(error: IpcError | undefined): boolean {
  const above = useContext(ConnectionAboveContext);
  if (error === undefined || above === undefined) return false;
  if (above.kind === 'offline') return failedToReach(error);
  return above.kind === 'refused' && error.code === above.error.code && error.status === above.error.status;
}
