import type { WebContents } from 'electron';

/** Where the zoom level is kept between runs (the preferences in SQLite). */
export interface ZoomMemory {
  zoomLevel(): number;
  setZoomLevel(level: number): void;
}

// Chromium's own menu roles step by half a level (about 10 %) between 25 % and 500 %.
export const ZOOM_STEP = 0.5;
const MIN_LEVEL = -3;
const MAX_LEVEL = 4.5;

/** Zooms the window in or out by one step, or back to 100 %, and remembers the level. */
export function zoom(contents: WebContents, change: 'in' | 'out' | 'reset', memory: ZoomMemory): void {
  const level = change === 'reset' ? 0 : contents.getZoomLevel() + (change === 'in' ? ZOOM_STEP : -ZOOM_STEP);
  const bounded = Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, level));
  contents.setZoomLevel(bounded);
  memory.setZoomLevel(bounded);
}

/**
 * Electron does not keep a zoom level across runs: the saved one is applied on every load, and
 * Ctrl+wheel (which Electron only reports) zooms and is remembered like the menu.
 */
export function rememberZoom(contents: WebContents, memory: ZoomMemory): void {
  contents.on('did-finish-load', () => contents.setZoomLevel(memory.zoomLevel()));
  contents.on('zoom-changed', (_event, direction) => zoom(contents, direction, memory));
}
