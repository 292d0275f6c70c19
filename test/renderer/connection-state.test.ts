// A profile's one connection state, from main's state of it and the view's own connection test:
// what the banner, the sync lines, an alert's detail and the palette all show.
import { describe, expect, test } from 'vitest';
import type { IpcError } from '../../src-shared/contract/define.ts';
import type { ConnectionHealth } from '../../src-shared/contract/profiles.ts';

Object.assign(globalThis, { window: { opsdesk: {} } });
const { connectionState } = await import('../../src-renderer/features/connections/connection-state.ts');

const refusedConnection: IpcError = { code: 'connection_refused', service: 'firewall', message: 'm', retryable: true };
const expiredKey: IpcError = { code: 'key_expired', service: 'firewall', status: 401, message: 'm', retryable: false };
const unavailable: IpcError = { code: 'service_unavailable', service: 'firewall', status: 503, message: 'm', retryable: true };
const health = (fields: Partial<ConnectionHealth>): ConnectionHealth => ({ profileId: 'fw', state: 'reachable', lastReachedAt: '2026-11-22T10:00:00.000Z', lastCheckedAt: '2026-11-22T10:00:00.000Z', ...fields });
const testFailed = (error: IpcError) => ({ state: 'failed', error }) as const;

describe('connection state', () => {
  test('back after an outage: a view test that failed to reach the appliance is old news once a call answers', () => {
    expect(connectionState(health({ state: 'reachable' }), testFailed(refusedConnection))).toEqual({ kind: 'connected' });
  });

  test('unreachable is offline since the first call that failed, whatever the view test said', () => {
    const since = '2026-11-22T10:01:00.000Z';
    expect(connectionState(health({ state: 'unreachable', unreachableSince: since, error: refusedConnection }), undefined)).toEqual({
      kind: 'offline',
      since,
      lastReachedAt: '2026-11-22T10:00:00.000Z',
      error: refusedConnection,
    });
  });

  test('a write refused with a 503 while reads answer is degraded, not offline', () => {
    const at = '2026-11-22T10:02:00.000Z';
    expect(connectionState(health({ state: 'degraded', refusedChange: { error: unavailable, at } }), undefined)).toEqual({ kind: 'degraded', refusal: unavailable, refusedAt: at });
  });

  test('a key the appliance refused is told by the view test, though the appliance answers', () => {
    expect(connectionState(health({ state: 'reachable' }), testFailed(expiredKey))).toEqual({ kind: 'refused', error: expiredKey });
  });

  test('before any call ended, the view test under way is connecting', () => {
    expect(connectionState(undefined, { state: 'running', done: new Promise(() => {}) })).toEqual({ kind: 'connecting' });
  });
});
