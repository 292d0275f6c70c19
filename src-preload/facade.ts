import { callChannel, eventChannel, subscribeChannel, unsubscribeChannel } from '../src-shared/contract/define.ts';
import type { ContractSpec, Facade, IpcResult } from '../src-shared/contract/define.ts';
import type { ContractManifest } from '../src-shared/contract/manifest.ts';

/** How the facade reaches main: ipcRenderer in Electron, a Playwright binding in tests. */
export interface BridgeTransport {
  invoke(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  listen(channel: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.opsdesk` from the contract's names: one function per call and one `on<Event>`
 * per event, so the renderer can reach nothing the contract does not name. Main hears when the
 * window's first listener of an event comes and when its last one goes, so it sends only what
 * someone in the window still listens to: the changes of one task go as one message each way (a
 * window starting up listens to a score of events at once), sent before any call that follows them.
 */
export function buildFacade<Contract extends ContractSpec>(
  manifest: ContractManifest,
  transport: BridgeTransport,
): Facade<Contract> {
  const facade: Record<string, Readonly<Record<string, unknown>>> = {};
  const listening = new Map<string, number>();
  /** The events main sends this window, as last told. */
  const told = new Set<string>();
  const changed = new Set<string>();
  const tellMain = () => {
    const start: string[] = [];
    const stop: string[] = [];
    for (const channel of changed) {
      const wanted = (listening.get(channel) ?? 0) > 0;
      if (wanted === told.has(channel)) continue;
      if (wanted) told.add(channel);
      else told.delete(channel);
      (wanted ? start : stop).push(channel);
    }
    changed.clear();
    if (start.length > 0) void transport.invoke(subscribeChannel, start);
    if (stop.length > 0) void transport.invoke(unsubscribeChannel, stop);
  };
  const listenerCountChanged = (channel: string) => {
    if (changed.size === 0) queueMicrotask(tellMain);
    changed.add(channel);
  };
  for (const [areaName, area] of Object.entries(manifest)) {
    const members: Record<string, unknown> = {};
    for (const callName of area.calls) {
      const channel = callChannel(areaName, callName);
      members[callName] = (request?: unknown) => {
        // A listener added before a call is known to main before the call: an answer read by the
        // call and ended just after it (a streamed answer) is never missed between the two.
        if (changed.size > 0) tellMain();
        return transport.invoke(channel, request);
      };
    }
    for (const eventName of area.events) {
      const channel = eventChannel(areaName, eventName);
      const subscriberName = `on${eventName[0]!.toUpperCase()}${eventName.slice(1)}`;
      members[subscriberName] = (listener: (payload: unknown) => void) => {
        listening.set(channel, (listening.get(channel) ?? 0) + 1);
        listenerCountChanged(channel);
        const stopListening = transport.listen(channel, listener);
        let stopped = false;
        return () => {
          if (stopped) return;
          stopped = true;
          stopListening();
          listening.set(channel, listening.get(channel)! - 1);
          listenerCountChanged(channel);
        };
      };
    }
    facade[areaName] = Object.freeze(members);
  }
  return Object.freeze(facade) as Facade<Contract>;
}
