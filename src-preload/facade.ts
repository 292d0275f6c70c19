import { callChannel, eventChannel, subscribeChannel } from './contract/define.ts';
import type { ContractSpec, Facade, IpcResult } from './contract/define.ts';
import type { ContractManifest } from './contract/manifest.ts';

/** How the facade reaches main: ipcRenderer in Electron, a Playwright binding in tests. */
export interface BridgeTransport {
  invoke(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  listen(channel: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.opsdesk` from the contract's names: one function per call and one `on<Event>`
 * per event, so the renderer can reach nothing the contract does not name.
 */
export function buildFacade<Contract extends ContractSpec>(
  manifest: ContractManifest,
  transport: BridgeTransport,
): Facade<Contract> {
  const facade: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [areaName, area] of Object.entries(manifest)) {
    const members: Record<string, unknown> = {};
    for (const callName of area.calls) {
      const channel = callChannel(areaName, callName);
      members[callName] = (request?: unknown) => transport.invoke(channel, request);
    }
    for (const eventName of area.events) {
      const channel = eventChannel(areaName, eventName);
      const subscriberName = `on${eventName[0]!.toUpperCase()}${eventName.slice(1)}`;
      members[subscriberName] = (listener: (payload: unknown) => void) => {
        void transport.invoke(subscribeChannel, channel);
        return transport.listen(channel, listener);
      };
    }
    facade[areaName] = Object.freeze(members);
  }
  return Object.freeze(facade) as Facade<Contract>;
}
