import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import { failedToReach, type ConnectionState } from '../../ui/connection-above.ts';
import { useConnectionHealth, useConnectionTest, type ConnectionTest } from './connections-data.ts';

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
  return connectionState(useConnectionHealth(profileId), useConnectionTest(profileId));
}
