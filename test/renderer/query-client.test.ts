// The window's query client over main's cache: a change main reports is never lost, even while a
// view is still reading the cache for the first time (a sync storing alerts as the window opens).
import { QueryObserver } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { createQueryClient } from '../../src-renderer/data/ipc-query.ts';

/** A view's query over a cache that holds `stored.count` alerts; its first read is answered when the test says. */
function alertsCountView() {
  const client = createQueryClient();
  const stored = { count: 0 };
  let reads = 0;
  let answerFirstRead!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve));
  const observer = new QueryObserver(client, {
    queryKey: ['firewall', 'p1', 'cached', 'alerts'],
    queryFn: async () => {
      reads += 1;
      // The count is read when the read starts, as main's query does; the answer crosses later.
      const count = stored.count;
      if (reads === 1) await firstReadHeld;
      return count;
    },
  });
  const stopObserving = observer.subscribe(() => {});
  return { client, stored, shown: () => observer.getCurrentResult().data, reads: () => reads, answerFirstRead, stopObserving };
}

test('a cache change reported during a view first read shows once that read ends', async () => {
  const view = alertsCountView();
  view.stored.count = 300;
  void view.client.invalidateQueries({ queryKey: ['firewall', 'p1'] });
  view.answerFirstRead();

  await expect.poll(view.shown, { timeout: 2_000 }).toBe(300);
  expect(view.reads()).toBe(2);
  view.stopObserving();
});

test('a first read with no change during it is the only read', async () => {
  const view = alertsCountView();
  view.answerFirstRead();

  // Polled at intervals: by the time the answer shows, a read queued after it would have started.
  await expect.poll(view.shown, { timeout: 2_000 }).toBe(0);
  expect(view.reads()).toBe(1);
  expect(view.client.getQueryState(['firewall', 'p1', 'cached', 'alerts'])?.fetchStatus).toBe('idle');
  view.stopObserving();
});
