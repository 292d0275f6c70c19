import { contract, subscribeChannel, unsubscribeChannel } from '../../src-shared/contract/index.ts';
import type { Contract, OpsDeskApi } from '../../src-shared/contract/index.ts';
import { manifestOf } from '../../src-shared/contract/manifest.ts';
import { buildFacade } from '../../src-preload/facade.ts';
import type { AppServices } from '../../src-main/core/app-services.ts';
import { createEventHub } from '../../src-main/ipc/event-hub.ts';
import { createHandlers } from '../../src-main/ipc/handlers/index.ts';
import { createRouter } from '../../src-main/ipc/router.ts';
import { wireEvents } from '../../src-main/ipc/wire-events.ts';

const origin = 'opsdesk://app';

/**
 * `window.opsdesk` for renderer-store tests under Node: the real facade over the real router and
 * services, with a direct call standing in for IPC.
 */
export function bridgeInProcess(services: AppServices): OpsDeskApi {
  const router = createRouter(contract, createHandlers(services, { version: '0.0.0-test', platform: 'linux', dataFolder: '/home/analyst/.config/OpsDesk', logFile: '/home/analyst/.config/OpsDesk/logs/opsdesk.log' }), {
    appOrigin: origin,
    redact: services.logger.redact,
  });
  const hub = createEventHub<Contract>(router);
  const windowId = 1;
  const sender = { url: `${origin}/index.html`, isTopFrame: true, windowId };
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  wireEvents(services, hub);
  return buildFacade<Contract>(manifestOf(contract), {
    invoke: async (channel, payload) =>
      channel === subscribeChannel || channel === unsubscribeChannel
        ? hub.answer(channel, sender, { id: windowId, isDestroyed: () => false, send: (c, data) => listeners.get(c)?.forEach((listener) => listener(data)) }, payload)
        : router.dispatch(channel, sender, payload),
    listen: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  });
}
