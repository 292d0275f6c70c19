import { useEffect, useRef, type RefObject } from 'react';
import { create } from 'zustand';

/**
 * Something asked of a view from outside it (the command palette): open its new-ticket dialog, its
 * block form with an address filled in. The view that shows the request's section takes it.
 */
export type ViewRequest = { kind: 'newTicket' } | { kind: 'block'; address: string } | { kind: 'inbox'; action: InboxAction };

/** What the inbox's keys do, asked from the palette as well: move, reply, close, mark read or unread. */
export type InboxAction = 'next' | 'previous' | 'reply' | 'close' | 'toggleRead';

interface ViewRequests {
  pending: ViewRequest | null;
  request(request: ViewRequest): void;
}

export const useViewRequests = create<ViewRequests>()((set) => ({
  pending: null,
  request: (pending) => set({ pending }),
}));

/**
 * Runs `take` with a request of `kind` once the caller's element is on screen: of the tabs that
 * show the same section, only the visible one (hidden tab panels have no layout) takes it.
 */
export function useViewRequest<K extends ViewRequest['kind']>(kind: K, take: (request: Extract<ViewRequest, { kind: K }>) => void): RefObject<HTMLElement | null> {
  const root = useRef<HTMLElement | null>(null);
  const pending = useViewRequests((state) => state.pending);
  useEffect(() => {
    if (pending?.kind !== kind || !root.current?.offsetParent) return;
    useViewRequests.setState({ pending: null });
    take(pending as Extract<ViewRequest, { kind: K }>);
  }, [pending, kind, take]);
  return root;
}
