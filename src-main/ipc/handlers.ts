import type { Contract } from '../../src-preload/contract/index.ts';
import type { AppServices } from '../core/app-services.ts';
import type { Handlers } from './router.ts';
import { isSafeExternalUrl } from '../core/external-url.ts';
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
        if (!isSafeExternalUrl(url)) {
          throw new UserFacingError({ code: 'unsafe_link', message: 'Only http(s) links without credentials in them are opened.' });
        }
        await platform.openExternal(new URL(url).href);
        return null;
      },
    },
    profiles: {
      list: () => services.profiles.list(),
      save: (input) => services.profiles.save(input),
      remove: ({ id }) => services.profiles.remove(id),
      testConnection: ({ id }) => services.profiles.testConnection(id),
      trustCertificate: ({ id, sha256 }) => services.profiles.trustCertificate(id, sha256),
      health: async () => (await services.profiles.list()).profiles.map((profile) => services.health.of(profile.id)),
    },
    workspace: {
      load: () => services.workspace.load(),
      save: (state) => services.workspace.save(state),
    },
  };
}
