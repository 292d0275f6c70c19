import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { subscribeChannel, unsubscribeChannel } from '../../src-shared/contract/define.ts';
import type { ContractSpec } from '../../src-shared/contract/define.ts';
import type { EventHub } from '../ipc/event-hub.ts';
import type { Router, SenderFrame } from '../ipc/router.ts';

export function senderFrameOf(event: IpcMainInvokeEvent): SenderFrame {
  const frame = event.senderFrame;
  return { url: frame?.url ?? '', isTopFrame: !!frame && frame.parent === null, windowId: event.sender.id };
}

/** Connects the plain-data router to ipcMain; events go to the webContents that subscribed. */
export function bindRouter<Contract extends ContractSpec>(router: Router<Contract>, hub: EventHub<Contract>): void {
  for (const channel of router.channels) {
    ipcMain.handle(channel, (event, payload) => router.dispatch(channel, senderFrameOf(event), payload));
  }
  for (const request of [subscribeChannel, unsubscribeChannel] as const) {
    ipcMain.handle(request, (event, payload) => {
      const contents = event.sender;
      const target = { id: contents.id, send: (channel: string, data: unknown) => contents.send(channel, data), isDestroyed: () => contents.isDestroyed() };
      return hub.answer(request, senderFrameOf(event), target, payload);
    });
  }
}
