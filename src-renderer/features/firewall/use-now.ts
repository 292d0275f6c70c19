import { useCallback, useSyncExternalStore } from 'react';

/** Per interval, the time every view ticking at it shows, and the views that follow it. */
const ticks = new Map<number, { now: number; views: Set<() => void>; timer: ReturnType<typeof setInterval> | undefined }>();

function tickOf(intervalMs: number) {
  let tick = ticks.get(intervalMs);
  if (!tick) {
    tick = { now: Date.now(), views: new Set(), timer: undefined };
    ticks.set(intervalMs, tick);
  }
  return tick;
}

function follow(intervalMs: number, changed: () => void): () => void {
  const tick = tickOf(intervalMs);
  const refresh = () => {
    tick.now = Date.now();
    for (const view of tick.views) view();
  };
  // A view that starts following (also a hidden tab shown again, whose effects stopped) shows the time now, not the one kept.
  tick.views.add(changed);
  refresh();
  tick.timer ??= setInterval(refresh, intervalMs);
  return () => {
    tick.views.delete(changed);
    if (tick.views.size > 0) return;
    clearInterval(tick.timer);
    tick.timer = undefined;
  };
}

/** The current time, refreshed every `intervalMs`, for labels such as "synced 3 minutes ago". */
export function useNow(intervalMs: number): number {
  const subscribe = useCallback((changed: () => void) => follow(intervalMs, changed), [intervalMs]);
  return useSyncExternalStore(subscribe, () => tickOf(intervalMs).now);
}
