// An event that carries what a read shows (a connection's health here; the connections and the
// notification center follow the same row of data/invalidations.ts) is never lost to a first read
// still under way, whose answer may be older than the event.
import { QueryObserver } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { OpsDeskApi } from '../../src-shared/contract/index.ts';
import type { ConnectionHealth } from '../../src-shared/contract/profiles.ts';

const health = (lastCheckedAt: string, state: ConnectionHealth['state']): ConnectionHealth => ({ profileId: 'fw', state, lastReachedAt: null, lastCheckedAt });
const stored = { health: health('2026-11-22T10:00:00.000Z', 'reachable') };
let answerFirstRead!: () => void;
const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve));
let reads = 0;
const listeners = new Map<string, ((payload: unknown) => void)[]>();

// Main as far as this test needs it: its health list, and a listener per event of every area.
const api = new Proxy({} as OpsDeskApi, {
  get: (_, area: string) =>
    new Proxy(
      {},
      {
        get: (__, name: string) => {
          if (area === 'profiles' && name === 'health') {
            return async () => {
              reads += 1;
              // The list is read when the call starts, as main's is; the answer crosses later.
              const listed = [stored.health];
              if (reads === 1) await firstReadHeld;
              return { ok: true, data: listed };
            };
          }
          return (listener: (payload: unknown) => void) => {
            listeners.set(`${area}.${name}`, [...(listeners.get(`${area}.${name}`) ?? []), listener]);
            return () => {};
          };
        },
      },
    ),
});
Object.assign(globalThis, { window: { opsdesk: api } });
const { createQueryClient } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations } = await import('../../src-renderer/data/invalidations.ts');
const { healthRead } = await import('../../src-renderer/features/connections/connections-data.ts');

test('a health change main reports during the first read of the list shows once that read ends', async () => {
  const client = createQueryClient();
  invalidations(client, api);
  const observer = new QueryObserver(client, healthRead(client));
  const stopObserving = observer.subscribe(() => {});

  stored.health = health('2026-11-22T10:01:00.000Z', 'unreachable');
  for (const listener of listeners.get('profiles.onHealthChanged') ?? []) listener(stored.health);
  answerFirstRead();

  await expect.poll(() => observer.getCurrentResult().data?.fw?.state, { timeout: 2_000 }).toBe('unreachable');
  expect(reads).toBe(2);
  stopObserving();
});

test('once the list is read, a change is taken from its event without asking main again', async () => {
  const client = createQueryClient();
  invalidations(client, api);
  const observer = new QueryObserver(client, healthRead(client));
  const stopObserving = observer.subscribe(() => {});
  await expect.poll(() => observer.getCurrentResult().data?.fw).toBeDefined();
  const readsBefore = reads;

  for (const listener of listeners.get('profiles.onHealthChanged') ?? []) listener(health('2026-11-22T10:02:00.000Z', 'reachable'));
  expect(observer.getCurrentResult().data?.fw?.state).toBe('reachable');
  // An event older than what the window knows changes nothing.
  for (const listener of listeners.get('profiles.onHealthChanged') ?? []) listener(health('2026-11-22T09:00:00.000Z', 'unreachable'));
  expect(observer.getCurrentResult().data?.fw?.state).toBe('reachable');
  expect(reads).toBe(readsBefore);
  stopObserving();
});
