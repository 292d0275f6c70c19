import { createContext, useContext } from 'react';
import type { IpcError } from '../../src-preload/contract/define.ts';
import type { ConnectionHealth } from '../../src-preload/contract/profiles.ts';
import type { ConnectionTest } from './profiles-store.ts';

export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** The back end did not answer (network, TLS, timeout, 5xx). */
  | { kind: 'offline'; error: IpcError | undefined }
  /** The back end answered but refused (a bad key, a missing scope). */
  | { kind: 'refused'; error: IpcError };

/** A profile's connection as its view's banner shows it: from main's health of it and the view's own test. */
export function connectionState(health: ConnectionHealth | undefined, test: ConnectionTest | undefined): ConnectionState {
  if (!test || test.state === 'running') return { kind: 'connecting' };
  if (health?.state === 'unreachable') return { kind: 'offline', error: health.error ?? (test.state === 'failed' ? test.error : undefined) };
  if (test.state === 'failed') return { kind: 'refused', error: test.error };
  return { kind: 'connected' };
}

export const failureOf = (state: ConnectionState): IpcError | undefined => (state.kind === 'offline' || state.kind === 'refused' ? state.error : undefined);

/**
 * Below a connection banner (ServiceConnection provides it): the failure the banner explains. A
 * read below it that failed the same way says only that it failed, so the reason is told once.
 */
export const ConnectionFailureContext = createContext<IpcError | undefined>(undefined);

/** Whether the banner above already explains this failure: the same code from the same status. */
export function useExplainedAbove(error: IpcError | undefined): boolean {
  const above = useContext(ConnectionFailureContext);
  return error !== undefined && above !== undefined && error.code === above.code && error.status === above.status;
}
