import { subscribeChannel } from '../../src-shared/contract/define.ts';
import type { ContractSpec, IpcResult, unsubscribeChannel } from '../../src-shared/contract/define.ts';
import type { EventPayload, Router, SenderFrame } from './router.ts';

/** A window that can receive events: Electron's webContents, or a page in the test harness. */
export interface EventTarget {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

export interface EventHub<Contract extends ContractSpec> {
  /**
   * The preload's "this window now listens to these events" (`subscribeChannel`) or "no longer"
   * (`unsubscribeChannel`): the sender is checked and every event must be the contract's.
   */
  answer(request: typeof subscribeChannel | typeof unsubscribeChannel, sender: SenderFrame, target: EventTarget, payload: unknown): IpcResult<null>;
  subscribe(target: EventTarget, channel: string): void;
  unsubscribe(targetId: number, channel: string): void;
  publish<Area extends keyof Contract & string, Name extends keyof Contract[Area]['events'] & string>(
    area: Area,
    name: Name,
    payload: EventPayload<Contract, Area, Name>,
    /** Only this window (when it subscribed); every subscribed window when undefined. */
    onlyTo?: number,
  ): void;
}

/** Sends each event only to the windows that asked for it and have not stopped listening. */
export function createEventHub<Contract extends ContractSpec>(router: Router<Contract>): EventHub<Contract> {
  const subscribers = new Map<string, Map<number, EventTarget>>();
  const hub: EventHub<Contract> = {
    answer(request, sender, target, payload) {
      const authorized = router.authorizeSubscription(sender, payload);
      if (!authorized.ok) return authorized;
      for (const channel of authorized.data) {
        if (request === subscribeChannel) hub.subscribe(target, channel);
        else hub.unsubscribe(target.id, channel);
      }
      return { ok: true, data: null };
    },
    subscribe(target, channel) {
      let targets = subscribers.get(channel);
      if (!targets) subscribers.set(channel, (targets = new Map()));
      targets.set(target.id, target);
    },
    unsubscribe(targetId, channel) {
      subscribers.get(channel)?.delete(targetId);
    },
    publish(area, name, payload, onlyTo) {
      const channel = router.eventChannelOf(area, name);
      const targets = subscribers.get(channel);
      if (!targets) return;
      const outgoing = router.outgoing(payload);
      for (const [id, target] of targets) {
        if (onlyTo !== undefined && id !== onlyTo) continue;
        if (target.isDestroyed()) targets.delete(id);
        else target.send(channel, outgoing);
      }
    },
  };
  return hub;
}
