import { createContext, useContext, useEffect } from 'react';
import type { IpcError } from '../../src-preload/contract/define.ts';
import type { ConnectionHealth } from '../../src-preload/contract/profiles.ts';
import { backEndAnswered } from '../../src-shared/back-end-reach.ts';
import { useConnectionHealthStore } from './connection-health-store.ts';
import { useProfilesStore, type ConnectionTest } from './profiles-store.ts';

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

/**
 * A profile's connection as every view shows it (banner, sync lines, details, palette): main's
 * state of it, made from every call; the view's own connection test adds only what calls cannot
 * say (a refused key) and what shows before any call ended (connecting).
 */
export function connectionState(health: ConnectionHealth | undefined, test: ConnectionTest | undefined): ConnectionState {
  if (health?.state === 'unreachable') {
    return { kind: 'offline', since: health.unreachableSince ?? health.lastCheckedAt, lastReachedAt: health.lastReachedAt, error: health.error };
  }
  if (test?.state === 'failed' && !failedToReach(test.error)) return { kind: 'refused', error: test.error };
  if (health?.state === 'degraded' && health.refusedChange) return { kind: 'degraded', refusal: health.refusedChange.error, refusedAt: health.refusedChange.at };
  if (health?.state === 'reachable' || health?.state === 'degraded') return { kind: 'connected' };
  if (!test || test.state === 'running') return { kind: 'connecting' };
  if (test.state === 'failed') return { kind: 'offline', since: null, lastReachedAt: health?.lastReachedAt ?? null, error: test.error };
  return { kind: 'connected' };
}

/** The one connection state of a profile, wherever a view shows it. */
export function useConnectionState(profileId: string): ConnectionState {
  const follow = useConnectionHealthStore((state) => state.follow);
  const health = useConnectionHealthStore((state) => state.health[profileId]);
  const test = useProfilesStore((state) => state.tests[profileId]);
  useEffect(() => {
    void follow();
  }, [follow]);
  return connectionState(health, test);
}

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
