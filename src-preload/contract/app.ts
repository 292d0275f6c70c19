import { z } from 'zod';
import { call } from './define.ts';

export interface AppInfo {
  version: string;
  platform: string;
}

export const app = {
  calls: {
    info: call<AppInfo>()(z.undefined()),
    /** Opens an http(s) link in the system browser; the app itself never navigates. */
    openExternal: call<null>()(z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) })),
  },
  events: {},
};
