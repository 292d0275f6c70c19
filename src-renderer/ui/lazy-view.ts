import { lazy } from 'react';
import type { ComponentType } from 'react';

/** A component whose code is a chunk of its own, fetched on first render or earlier by `load`. */
export interface LazyView<P> {
  component: ComponentType<P>;
  load(): Promise<unknown>;
}

export function lazyView<P extends object>(importComponent: () => Promise<ComponentType<P>>): LazyView<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // A failed fetch is forgotten: a prefetch that failed while idle is tried again when the view is first shown.
  const load = () =>
    (loading ??= importComponent().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { component: lazy(async () => ({ default: await load() })), load };
}

/**
 * Fetches the chunks one at a time while the window has nothing else to do, so a view opened later
 * shows at once without weighing on the first paint.
 */
export function loadWhenIdle(loads: readonly (() => Promise<unknown>)[]): () => void {
  let cancelled = false;
  let pending: number | undefined;
  const next = (index: number) => {
    if (cancelled || index >= loads.length) return;
    pending = requestIdleCallback(() => {
      // A chunk that fails here is fetched again when its view opens, which shows the error if it fails again.
      loads[index]!().then(() => next(index + 1), () => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    if (pending !== undefined) cancelIdleCallback(pending);
  };
}
