// Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each list adds 1 / (K + rank) to an
// item's score, so an item high in either list ranks high, one in both higher; the scores of the
// lists (bm25, a cosine distance) are never compared, only their orders.
import type { MatchedBy } from '../../../src-shared/contract/meaning.ts';

/** The constant of the paper: it keeps the first ranks from weighing everything. */
const K = 60;

export interface Fused<T> {
  item: T;
  matched: MatchedBy;
}

/** The two lists as one, best first; an item is named by `keyOf`, the words list's copy kept when both hold it. */
export function fuseRanks<T>(byWords: readonly T[], byMeaning: readonly T[], keyOf: (item: T) => string): Fused<T>[] {
  const fused = new Map<string, { item: T; score: number; words: boolean; meaning: boolean; first: number }>();
  const add = (list: readonly T[], from: 'words' | 'meaning', offset: number) =>
    list.forEach((item, rank) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, score: 0, words: false, meaning: false, first: offset + rank };
      entry.score += 1 / (K + rank + 1);
      entry[from] = true;
      fused.set(key, entry);
    });
  add(byWords, 'words', 0);
  add(byMeaning, 'meaning', 0.5);
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ item, words, meaning }) => ({ item, matched: words && meaning ? 'both' : words ? 'words' : 'meaning' }));
}
