import { z } from 'zod';
import { call } from './define.ts';
import type { NavigationTarget } from './workspace.ts';

/** What the palette's search finds, in the order its groups are shown. */
export const searchKinds = ['case', 'alert', 'block', 'allow', 'ticket', 'contact', 'work', 'conversation', 'faq', 'kb', 'activity'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The prefixes that narrow a search to some kinds (`ip: 10.0.0.1`, `ticket: refund`). */
export const searchPrefixes = ['ip', 'ticket', 'alert', 'chat', 'case'] as const;
export type SearchPrefix = (typeof searchPrefixes)[number];

/** Why a hit was found: its words, its meaning, or both. */
export type MatchedBy = 'words' | 'meaning' | 'both';

/** One thing the cache holds that matched; its texts are the server's, shown as text. */
export interface SearchHit {
  kind: SearchKind;
  /** The connection it comes from; null for a conversation kept after its connection went. */
  profileId: string | null;
  profileName: string | null;
  id: string;
  title: string;
  /** A line under the title: the text around the match, or what else identifies the item. */
  detail: string | null;
  /** An alert's severity and category as the appliance coded them, for the window to name in its language. */
  alertFacts?: { severity: string | null; category: string | null };
  /** The tab that shows it. */
  target: NavigationTarget;
  /** Why it was found (the hybrid search and "Similar" say; the words-only search leaves it out). */
  matched?: MatchedBy;
}

export interface SearchGroup {
  kind: SearchKind;
  /** How many matched, counted up to `SEARCH_COUNT_LIMIT`; `more` says there are more than that. */
  count: number;
  more: boolean;
  hits: SearchHit[];
}

/** Where a typed address or ticket id goes at once (Enter), before the groups. */
export interface SearchDirect {
  kind: 'address' | 'ticket' | 'alert' | 'case';
  label: string;
  profileName: string | null;
  target: NavigationTarget;
}

export interface SearchAnswer {
  /** The text asked, so the window keeps only the answer to its latest keystroke. */
  text: string;
  /** The words matched, for the window to highlight. */
  words: string[];
  direct: SearchDirect[];
  groups: SearchGroup[];
  /**
   * Whether meaning was searched too: `hybrid` (the answer of `search.hybrid`, words and meaning
   * fused), else why words only: no embedding model, its index not complete yet, the gateway not
   * answering the question's embedding.
   */
  searched: 'words' | 'hybrid';
  wordsOnlyBecause?: 'no_model' | 'indexing' | 'unreachable' | 'paused';
}

/** Counting stops here: "1000+" says enough, and counting a million rows would not fit a keystroke. */
export const SEARCH_COUNT_LIMIT = 1000;

export const search = {
  calls: {
    /** Searches the local cache (works offline); `ip:`, `ticket:`, `alert:`, `chat:`, `case:` narrow it. */
    query: call<SearchAnswer>()(z.object({ text: z.string().max(500) })),
    /** The same search, its alerts, tickets and knowledge-base entries fused with those nearest in meaning (the question is embedded by the gateway). */
    hybrid: call<SearchAnswer>()(z.object({ text: z.string().max(500) })),
    /** The palette's actions the user ran, most recent first, remembered across restarts. */
    recentActions: call<string[]>()(z.undefined()),
    noteAction: call<string[]>()(z.object({ id: z.string().min(1).max(100) })),
  },
  events: {},
};
