import { buildFacade } from '../../src-preload/facade.ts';
import type { ContractManifest } from '../../src-shared/contract/manifest.ts';

/**
 * What the preload does in Electron, done in the test page: build `window.opsdesk` from the
 * contract's names, with a Playwright binding standing in for ipcRenderer.
 */
declare global {
  interface Window {
    __opsdeskManifest: ContractManifest;
    /** Answers the IpcResult as JSON text (see app-harness.ts). */
    __opsdeskInvoke(channel: string, payload: unknown): Promise<string>;
    __opsdeskDeliver(channel: string, payload: unknown): void;
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();
window.__opsdeskDeliver = (channel, payload) => listeners.get(channel)?.forEach((listener) => listener(payload));
Object.defineProperty(window, 'opsdesk', {
  value: buildFacade(window.__opsdeskManifest, {
    invoke: async (channel, payload) => JSON.parse(await window.__opsdeskInvoke(channel, payload)) as never,
    listen: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  }),
});
