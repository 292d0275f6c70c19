import { contextBridge, ipcRenderer } from 'electron';
import manifest from 'virtual:opsdesk-contract-manifest';
import type { Contract, IpcResult } from '../src-shared/contract/index.ts';
import { buildFacade } from './facade.ts';

const api = buildFacade<Contract>(manifest, {
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload) as Promise<IpcResult<unknown>>,
  listen: (channel, listener) => {
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => ipcRenderer.removeListener(channel, forward);
  },
});

contextBridge.exposeInMainWorld('opsdesk', api);
