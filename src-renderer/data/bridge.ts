import type { OpsDeskApi } from '../../src-shared/contract/index.ts';

declare global {
  interface Window {
    opsdesk: OpsDeskApi;
  }
}

/**
 * The typed bridge the preload exposes; the renderer's only way to reach main. Read at call time,
 * never at import, so a module that imports it loads before the bridge is there (tests, a store
 * made at startup). Only the data layer imports it (`data/`, a feature's `*-data.ts`): stores call
 * its named functions and components its hooks (lint: `renderer-layers/bridge-in-data-layer`).
 */
export const opsdesk: OpsDeskApi = new Proxy({} as OpsDeskApi, {
  get: (_, area: keyof OpsDeskApi) => window.opsdesk[area],
});
