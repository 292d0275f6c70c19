import { buildFacade } from '../../src-preload/facade.ts';
import type { ContractManifest } from '../../src-preload/contract/manifest.ts';

/**
 * What the preload does in Electron, done in the test page: build `window.opsdesk` from the
 * contract's names, with a Playwright binding standing in for ipcRenderer.
 */
declare global {
  interface Window {
    __opsdeskManifest: ContractManifest;
    __opsdeskInvoke(channel: string, payload: unknown): Promise<never>;
    __opsdeskDeliver(channel: string, payload: unknown): void;
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();
window.__opsdeskDeliver = (channel, payload) => listeners.get(channel)?.forEach((listener) => listener(payload));
Object.defineProperty(window, 'opsdesk', {
  value: buildFacade(window.__opsdeskManifest, {
    invoke: (channel, payload) => window.__opsdeskInvoke(channel, payload),
    listen: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  }),
});
