import { keepPreviousData } from '@tanstack/react-query';
import type { IpcResult } from '../../../src-shared/contract/define.ts';
import type { SearchAnswer } from '../../../src-shared/contract/search.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcMutation, useIpcQuery, useQueryClient } from '../../data/ipc-query.ts';
import { searchKeys } from '../../data/query-keys.ts';

let latest = '';
let asking: Promise<unknown> = Promise.resolve();

/**
 * One search at a time, and only the newest text: a keystroke made while main answers the one
 * before waits for it, and is skipped if another keystroke came meanwhile. Typing "scanner" fast
 * thus asks main for "s" and "scanner", not seven searches in a row.
 */
function askLatest(text: string): Promise<IpcResult<SearchAnswer>> {
  latest = text;
  const answer = asking.then((): Promise<IpcResult<SearchAnswer>> | IpcResult<SearchAnswer> =>
    latest === text ? opsdesk.search.query({ text }) : { ok: false, error: { code: 'cancelled', message: 'A later keystroke replaced this search.', retryable: false } },
  );
  asking = answer.catch(() => undefined);
  return answer;
}

/** The cache's answer to the palette's text; the previous answer stays on screen until the next one comes. */
export function usePaletteSearch(text: string) {
  return useIpcQuery(searchKeys.query(text), () => askLatest(text), {
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 30_000,
  });
}

/**
 * The same text by words and meaning, once the words' answer is in (the question's embedding is a
 * gateway call: the words answer every keystroke at once, the fused answer replaces them when it comes).
 */
export function usePaletteHybrid(text: string, wordsAnswered: boolean) {
  return useIpcQuery(searchKeys.hybrid(text), () => opsdesk.search.hybrid({ text }), {
    enabled: text.trim() !== '' && wordsAnswered,
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** The palette's actions the user ran, most recent first, as main remembers them. */
export function useRecentActions() {
  return useIpcQuery(searchKeys.recentActions(), () => opsdesk.search.recentActions());
}

export function useNoteAction() {
  const client = useQueryClient();
  return useIpcMutation((id: string) => opsdesk.search.noteAction({ id }), {
    onSuccess: (recent) => client.setQueryData(searchKeys.recentActions(), recent),
  });
}
