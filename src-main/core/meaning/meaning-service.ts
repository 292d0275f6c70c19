// Search by meaning (issue 47): the index kept in the background, and what the window asks of it
// ("Similar alerts", "Similar tickets", the status in Settings). The palette's hybrid search and a
// drafted reply's knowledge-base retrieval ask `search` (meaning-search.ts) through their services.
import type { MeaningStatus, SimilarAnswer } from '../../../src-shared/contract/meaning.ts';
import type { KbSearchHit } from '../../../src-shared/contract/support.ts';
import type { SearchHit } from '../../../src-shared/contract/search.ts';
import type { MeaningIndexer } from './meaning-indexer.ts';
import type { MeaningSearch } from './meaning-search.ts';
import type { Nearest } from './meaning-repository.ts';

/** How many similar items a panel lists. */
export const SIMILAR_SHOWN = 8;

export interface MeaningServiceOptions {
  indexer: MeaningIndexer;
  search: MeaningSearch;
  /** A found item as the palette shows it (null when its row went). */
  hitOf(near: Nearest): SearchHit | null;
  /** A seen knowledge-base or FAQ entry's whole text, for a drafted reply. */
  answerOf(kind: 'kb' | 'faq', profileId: string, id: string): { title: string | null; body: string | null } | undefined;
}

export class MeaningService {
  readonly #options: MeaningServiceOptions;
  readonly onStatusChanged: MeaningIndexer['onStatusChanged'];

  constructor(options: MeaningServiceOptions) {
    this.#options = options;
    this.onStatusChanged = options.indexer.onStatusChanged;
  }

  status(): MeaningStatus {
    return this.#options.indexer.status();
  }

  setPaused(paused: boolean): MeaningStatus {
    return this.#options.indexer.setPaused(paused);
  }

  similar(kind: 'alert' | 'ticket', profileId: string, id: string): SimilarAnswer {
    const found = this.#options.search.nearItem(kind, profileId, id, SIMILAR_SHOWN);
    if (typeof found === 'string') return { state: found, hits: [] };
    return { state: 'found', hits: found.flatMap((near) => this.#options.hitOf(near) ?? []).map((hit) => ({ ...hit, matched: 'meaning' as const })) };
  }

  /** The knowledge-base and FAQ entries of one support connection nearest a question; none when meaning cannot be searched. */
  async answersNear(profileId: string, question: string, k: number): Promise<KbSearchHit[]> {
    const found = await this.#options.search.nearText(question, ['faq', 'kb'], k * 3);
    if ('wordsOnlyBecause' in found) return [];
    const near = [...(found.nearest.get('faq') ?? []), ...(found.nearest.get('kb') ?? [])]
      .filter((item) => item.profileId === profileId)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, k);
    return near.flatMap((item) => {
      const kind = item.kind === 'faq' ? 'faq' : 'kb';
      const entry = this.#options.answerOf(kind, item.profileId, item.itemId);
      return entry ? [{ id: item.itemId, source: kind === 'faq' ? ('faq' as const) : ('article' as const), title: entry.title, snippet: entry.body, score: null }] : [];
    });
  }
}
