import type { Contract } from '../../src-preload/contract/index.ts';
import type { AppServices } from '../core/app-services.ts';
import type { Handlers } from './router.ts';
import { UserFacingError } from '../core/user-facing-error.ts';

export interface HandlerPlatform {
  version: string;
  platform: string;
  openExternal(url: string): Promise<void>;
}

export function createHandlers(services: AppServices, platform: HandlerPlatform): Handlers<Contract> {
  return {
    app: {
      info: () => ({ version: platform.version, platform: platform.platform }),
      openExternal: async ({ url }) => {
        const parsed = new URL(url);
        if (parsed.username || parsed.password) {
          throw new UserFacingError({ code: 'unsafe_link', message: 'Links with credentials in them are not opened.' });
        }
        await platform.openExternal(parsed.href);
        return null;
      },
    },
    profiles: {
      list: () => services.profiles.list(),
      save: (input) => services.profiles.save(input),
      remove: ({ id }) => services.profiles.remove(id),
      testConnection: ({ id }) => services.profiles.testConnection(id),
      trustCertificate: ({ id, sha256 }) => services.profiles.trustCertificate(id, sha256),
    },
    workspace: {
      load: () => services.workspace.load(),
      save: (state) => services.workspace.save(state),
    },
  };
}
