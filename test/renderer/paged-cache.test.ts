// The list engine under the alerts' search as the analyst types: an answer to an older search never
// replaces a newer one, and a search that stops counting grows the list as it scrolls, never shrinks it.
import { describe, expect, test } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { IpcResult } from '../../src-shared/contract/define.ts';
import type { CachedPage } from '../../src-shared/contract/pages.ts';
import { cachePageSize, pagedCacheSlice, type PagedCacheState } from '../../src-renderer/ui/paged-cache.ts';

interface Row {
  id: string;
}
type State = PagedCacheState<Row, string, CachedPage<Row>>;

/** A store whose reads wait until the test answers them, in any order it likes. */
function storeWithHeldAnswers() {
  const asked: { query: string; offset: number; answer: (page: Omit<CachedPage<Row>, 'offset' | 'syncedAt' | 'rows'>) => void }[] = [];
  const store = createStore<State>()(
    pagedCacheSlice<Row, string, CachedPage<Row>, State>(
      (query, { offset, limit }) =>
        new Promise<IpcResult<CachedPage<Row>>>((resolve) => {
          const rows = Array.from({ length: limit }, (_, i) => ({ id: `${query}-${offset + i}` }));
          asked.push({ query, offset, answer: (page) => resolve({ ok: true, data: { ...page, rows, offset, syncedAt: null } }) });
        }),
      '',
    ),
  );
  const answer = (query: string, offset: number, page: Omit<CachedPage<Row>, 'offset' | 'syncedAt' | 'rows'>) => {
    const held = asked.find((each) => each.query === query && each.offset === offset);
    if (!held) throw new Error(`no read of ${query} at ${offset}`);
    held.answer(page);
  };
  return { store, answer };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the paged cache under a search typed a word at a time', () => {
  test('the answer to an earlier search arriving last does not replace the newer one', async () => {
    const { store, answer } = storeWithHeldAnswers();
    store.getState().setQuery(() => 'bea');
    store.getState().setQuery(() => 'beacon');
    answer('beacon', 0, { total: 40 });
    await settle();
    answer('bea', 0, { total: 900 });
    await settle();
    expect(store.getState().rowAt(0)).toEqual({ id: 'beacon-0' });
    expect(store.getState().total).toBe(40);
  });

  test('a count that stops past the page grows as pages further down answer, and a new search starts from its own', async () => {
    const { store, answer } = storeWithHeldAnswers();
    store.getState().setQuery(() => 'rule');
    answer('rule', 0, { total: 1100, totalAtLeast: true });
    await settle();
    expect(store.getState().total).toBe(1100);

    store.getState().ensureRows(10 * cachePageSize, 10 * cachePageSize + 10);
    store.getState().ensureRows(9 * cachePageSize, 9 * cachePageSize + 10);
    answer('rule', 10 * cachePageSize, { total: 2100, totalAtLeast: true });
    await settle();
    answer('rule', 9 * cachePageSize, { total: 2000, totalAtLeast: true });
    await settle();
    expect(store.getState().total).toBe(2100);
    expect(store.getState().answered?.totalAtLeast).toBe(true);

    store.getState().setQuery(() => 'zeppelin');
    answer('zeppelin', 0, { total: 61 });
    await settle();
    expect(store.getState().total).toBe(61);
    expect(store.getState().answered?.totalAtLeast).toBeUndefined();
  });
});
