import type { OpsDeskApi } from '../src-preload/contract/index.ts';

declare global {
  interface Window {
    opsdesk: OpsDeskApi;
  }
}

/** The typed bridge the preload exposes; the renderer's only way to reach main. */
export const opsdesk: OpsDeskApi = window.opsdesk;
