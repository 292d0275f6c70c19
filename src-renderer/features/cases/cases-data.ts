// What the window reads of cases and asks of them, through its query layer. Top level, as the
// activity log's hooks are: every feature that shows an item shows the cases it is in.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type {
  AlertsChosenForCase,
  CaseDetail,
  CaseDraftKind,
  CaseFilter,
  CaseItemKind,
  CaseItemRef,
  CaseSortField,
  CaseSummary,
  cases as casesArea,
  ObservableKind,
  TimelineEvent,
  TimelineFilter,
  TimelinePage,
} from '../../../src-shared/contract/cases.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useCacheFollower, useIpcMutation, useIpcQuery, useQueryClient } from '../../data/ipc-query.ts';
import { caseKeys } from '../../data/query-keys.ts';
import { pagedCacheSlice, type PagedCacheState } from '../../ui/paged-cache.ts';
import { rememberTitle } from '../../navigation/tab-titles.ts';

type Calls = typeof casesArea.calls;
type Request<K extends keyof Calls> = z.input<Calls[K]['request']>;

export interface CaseListQuery {
  filter: CaseFilter;
  sort: { field: CaseSortField; direction: 'asc' | 'desc' };
}

/** A case's tab title, as the window names a case everywhere. */
export const caseLabel = (found: Pick<CaseSummary, 'number' | 'title'>) => `#${found.number} ${found.title}`;

function remembered<T extends Pick<CaseSummary, 'id' | 'number' | 'title'>>(found: T): T {
  rememberTitle({ kind: 'case', params: { caseId: found.id } }, caseLabel(found));
  return found;
}

/** The cases, filtered and sorted, paged as they scroll; read again whenever main says a case changed. */
export function useCaseList(initial: CaseListQuery) {
  const [store] = useState(() =>
    createStore<PagedCacheState<CaseSummary, CaseListQuery, CachedPage<CaseSummary>>>()(
      pagedCacheSlice(async (query, window) => {
        const page = await opsdesk.cases.list({ ...query, ...window });
        if (page.ok) page.data.rows.forEach(remembered);
        return page;
      }, initial),
    ),
  );
  const total = useStore(store, (state) => state.total);
  const error = useStore(store, (state) => state.error);
  const query = useStore(store, (state) => state.query);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, setQuery } = store.getState();
  useCacheFollower(caseKeys.list(), refresh);
  return { total, error, query, selectedIndex, ensureRows, rowAt, select, setQuery };
}

/** The cases still worked on, for an "Add to case" menu. */
export function useActiveCases() {
  return useIpcQuery([...caseKeys.list(), 'active'], () => opsdesk.cases.list({ filter: { statuses: ['open', 'inProgress'] }, limit: 20 }));
}

/** Every case but merged ones, newest changed first (the Merge and Move pickers). */
export function useOtherCases(caseId: string) {
  const query = useIpcQuery([...caseKeys.list(), 'all'], () => opsdesk.cases.list({ limit: 200 }));
  return { ...query, data: query.data?.rows.filter((found) => found.id !== caseId && found.mergedInto === null) };
}

export function useCaseTags() {
  return useIpcQuery(caseKeys.tags(), () => opsdesk.cases.tags());
}

export function useCase(caseId: string) {
  return useIpcQuery(caseKeys.detail(caseId), async () => {
    const answer = await opsdesk.cases.get({ caseId });
    if (answer.ok) remembered(answer.data);
    return answer;
  });
}

export function useCaseItems(caseId: string, kind: CaseItemKind | null, limit: number) {
  return useIpcQuery([...caseKeys.items(caseId, kind), limit], () => opsdesk.cases.items({ caseId, limit, ...(kind && { kind }) }), { placeholderData: keepPreviousData });
}

/** One alert per distinct source and appliance, for "Block all sources"; read when asked. */
export function useCaseAlertSources(caseId: string, enabled: boolean) {
  return useIpcQuery([...caseKeys.items(caseId, 'alert'), 'sources'], () => opsdesk.cases.alertSources({ caseId }), { enabled });
}

/** The cases one item is in (an alert's detail, a ticket, an address card, a conversation, a block). */
export function useItemCases(ref: CaseItemRef) {
  return useIpcQuery(caseKeys.ofItem(ref), () => opsdesk.cases.ofItem(ref));
}

export function useCaseNotes(caseId: string, eventId: string | null) {
  return useIpcQuery(caseKeys.notes(caseId, eventId), () => opsdesk.cases.notes({ caseId, ...(eventId !== null && { eventId }) }));
}

export function useCaseBrief(caseId: string) {
  return useIpcQuery(caseKeys.brief(caseId), () => opsdesk.cases.brief({ caseId }), { staleTime: 0, gcTime: 0 });
}

/** The addresses, domains and hashes the case names, of one kind or all, with words in them; read again with the timeline. */
export function useCaseObservables(caseId: string, kind: ObservableKind | null, text: string) {
  return useIpcQuery(caseKeys.observables(caseId, kind, text), () => opsdesk.cases.observables({ caseId, ...(kind && { kind }), ...(text.trim() !== '' && { text: text.trim() }) }), { placeholderData: keepPreviousData });
}

export interface TimelineQuery {
  filter: TimelineFilter;
  order: 'newest' | 'oldest';
}

/**
 * A case's timeline: the store of its pages, filtered, paged as it scrolls, read again when the case
 * or any cache it reads changes. Made once by the case's view, which reads none of it itself: its
 * parts read what they show (useCaseTimelineRows), so a page arriving while the timeline scrolls
 * renders the list again, not the whole case (notes, items, the model's panel).
 */
export function useCaseTimeline(caseId: string) {
  const [store] = useState(() =>
    createStore<PagedCacheState<TimelineEvent, TimelineQuery, TimelinePage>>()(
      pagedCacheSlice((query: TimelineQuery, window) => opsdesk.cases.timeline({ caseId, ...query, ...window }), { filter: {}, order: 'newest' } as TimelineQuery),
    ),
  );
  // Under the cases' keys: a case's change (a note, an item) and a cache's change both read it again.
  useCacheFollower(caseKeys.timeline(caseId), store.getState().refresh);
  return { store, setQuery: store.getState().setQuery };
}

export type CaseTimelineStore = ReturnType<typeof useCaseTimeline>;

/** What the timeline shows of its store, for the part that shows it. */
export function useCaseTimelineRows({ store }: CaseTimelineStore) {
  const total = useStore(store, (state) => state.total);
  const error = useStore(store, (state) => state.error);
  const query = useStore(store, (state) => state.query);
  const answered = useStore(store, (state) => state.answered);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  useStore(store, (state) => state.pages);
  const { ensureRows, rowAt, select, setQuery } = store.getState();
  return { total, error, query, answered, selectedIndex, ensureRows, rowAt, select, setQuery };
}

/** The writes of cases: each answer's case goes straight into its query, the rest follow `cases.changed`. */
export function useCaseWrites() {
  const client = useQueryClient();
  const keep = (detail: CaseDetail) => {
    client.setQueryData(caseKeys.detail(detail.id), remembered(detail));
    return detail;
  };
  return {
    create: useIpcMutation((request: Request<'create'>) => opsdesk.cases.create(request), { onSuccess: keep }),
    update: useIpcMutation((request: Request<'update'>) => opsdesk.cases.update(request), { onSuccess: keep }),
    addItems: useIpcMutation((request: Request<'addItems'>) => opsdesk.cases.addItems(request)),
    addAlerts: useIpcMutation((request: { caseId: string; alerts: AlertsChosenForCase }) => opsdesk.cases.addAlerts(request)),
    moveItems: useIpcMutation((request: Request<'moveItems'>) => opsdesk.cases.moveItems(request)),
    merge: useIpcMutation((request: Request<'merge'>) => opsdesk.cases.merge(request), { onSuccess: keep }),
    addNote: useIpcMutation((request: Request<'addNote'>) => opsdesk.cases.addNote(request)),
    updateNote: useIpcMutation((request: Request<'updateNote'>) => opsdesk.cases.updateNote(request)),
    deleteNote: useIpcMutation((request: Request<'deleteNote'>) => opsdesk.cases.deleteNote(request)),
    exportFile: useIpcMutation((caseId: string) => opsdesk.cases.exportFile({ caseId })),
    exportPdf: useIpcMutation((caseId: string) => opsdesk.cases.exportPdf({ caseId })),
    importFile: useIpcMutation(() => opsdesk.cases.importFile()),
  };
}

/** Items the palette's search finds in the cache, for "Add items": the same search, read without the palette. */
export function useCaseItemSearch(text: string) {
  return useIpcQuery(['cases', 'itemSearch', text], () => opsdesk.search.query({ text }), { enabled: text.trim() !== '', placeholderData: keepPreviousData, staleTime: 0, gcTime: 10_000 });
}

/** Starts the model's proposal in a case under the draft's task id; its text streams as a draft does. */
export const startCaseDraft = (caseId: string, kind: CaseDraftKind, taskId: string) => opsdesk.cases.draft({ caseId, kind, taskId });
