import { z } from 'zod';
import { call, event, type IpcError } from './define.ts';
import type { MatchedBy, SearchHit } from './search.ts';

export type { MatchedBy };

/** What the meaning index embeds, each a kind the palette shows (`case`: a case with its notes). */
export const meaningKinds = ['alert', 'ticket', 'kb', 'faq', 'work', 'conversation', 'case'] as const;
export type MeaningKind = (typeof meaningKinds)[number];

/**
 * The meaning index as the analyst sees it. `off`: no embedding model chosen (or its connection is
 * gone); `indexing`: embedding new and changed items; `ready`: every item of the last pass is in;
 * `paused`: the analyst paused it; `waiting`: the gateway refused for now (rate limit, an error on
 * its side, unreachable) and it tries again at `retryAt`; `stopped`: the gateway's answer could not
 * be used (another dimension, vectors missing, no model permitted) and it waits for the analyst.
 */
export interface MeaningStatus {
  state: 'off' | 'indexing' | 'ready' | 'paused' | 'waiting' | 'stopped';
  /** The embedding model the index is built for; null when none is chosen. */
  model: string | null;
  /** Items embedded by this model, and how many items the cache holds. */
  indexed: number;
  total: number;
  /** The tokens the gateway counted for this model's index. */
  tokens: number;
  /** Why it waits or stopped, in words. */
  error: IpcError | null;
  retryAt: string | null;
  /** The model whose complete index the searches use: this one once complete, the one before while a new model's is built; null: words only. */
  searchingWith: string | null;
}

/** Items like one item, nearest first; `state` says why there are none (no index yet, the item not embedded yet). */
export interface SimilarAnswer {
  state: 'found' | 'no_index' | 'not_indexed';
  hits: SearchHit[];
}

const id = z.string().min(1).max(200);

export const meaning = {
  calls: {
    status: call<MeaningStatus>()(z.undefined()),
    /** Pauses or resumes the indexing; a stopped index is tried again on resume. */
    setPaused: call<MeaningStatus>()(z.object({ paused: z.boolean() })),
    /** The cached alerts (or tickets) nearest in meaning to one, across signatures and connections. */
    similar: call<SimilarAnswer>()(z.object({ kind: z.enum(['alert', 'ticket']), profileId: z.string().min(1).max(64), id })),
  },
  events: {
    statusChanged: event<MeaningStatus>(),
  },
};
