import { describe, expect, test } from 'vitest';
import { AsyncDisposableStore } from '../../../src-main/core/lifecycle/disposable.ts';

describe('AsyncDisposableStore', () => {
  test('disposes newest first, each finished before the next begins', async () => {
    const store = new AsyncDisposableStore();
    const events: string[] = [];
    store.add({ dispose: () => void events.push('database closed') });
    store.add({
      dispose: async () => {
        events.push('sync stopping');
        await Promise.resolve();
        events.push('sync stopped');
      },
    });
    store.add({ dispose: () => void events.push('listener removed') });
    await store.dispose();
    expect(events).toEqual(['listener removed', 'sync stopping', 'sync stopped', 'database closed']);
  });

  test('a failing disposal does not keep the older ones from running, and its failure is thrown at the end', async () => {
    const store = new AsyncDisposableStore();
    const disposed: string[] = [];
    store.add({ dispose: () => void disposed.push('oldest') });
    store.add({
      dispose: () => {
        throw new Error('socket would not close');
      },
    });
    store.add({ dispose: () => void disposed.push('newest') });
    await expect(store.dispose()).rejects.toThrow('socket would not close');
    expect(disposed).toEqual(['newest', 'oldest']);
  });

  test('disposing twice disposes once; adding afterwards is refused', async () => {
    const store = new AsyncDisposableStore();
    let count = 0;
    store.add({ dispose: () => void (count += 1) });
    await Promise.all([store.dispose(), store.dispose()]);
    expect(count).toBe(1);
    expect(() => store.add({ dispose: () => {} })).toThrow();
  });
});
