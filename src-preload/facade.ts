import { callChannel, eventChannel, subscribeChannel, unsubscribeChannel } from './contract/define.ts';
import type { ContractSpec, Facade, IpcResult } from './contract/define.ts';
import type { ContractManifest } from './contract/manifest.ts';

/** How the facade reaches main: ipcRenderer in Electron, a Playwright binding in tests. */
export interface BridgeTransport {
  invoke(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  listen(channel: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.opsdesk` from the contract's names: one function per call and one `on<Event>`
 * per event, so the renderer can reach nothing the contract does not name. Main hears when the
 * window's first listener of an event comes and when its last one goes, so it sends only what
 * someone in the window still listens to.
 */
export function buildFacade<Contract extends ContractSpec>(
  manifest: ContractManifest,
  transport: BridgeTransport,
): Facade<Contract> {
  const facade: Record<string, Readonly<Record<string, unknown>>> = {};
  const listening = new Map<string, number>();
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
        const before = listening.get(channel) ?? 0;
        listening.set(channel, before + 1);
        if (before === 0) void transport.invoke(subscribeChannel, channel);
        const stopListening = transport.listen(channel, listener);
        let stopped = false;
        return () => {
          if (stopped) return;
          stopped = true;
          stopListening();
          const left = listening.get(channel)! - 1;
          listening.set(channel, left);
          if (left === 0) void transport.invoke(unsubscribeChannel, channel);
        };
      };
    }
    facade[areaName] = Object.freeze(members);
  }
  return Object.freeze(facade) as Facade<Contract>;
}
