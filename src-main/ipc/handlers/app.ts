import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export interface AppIdentity {
  version: string;
  platform: string;
}

export function appHandlers(services: AppServices, identity: AppIdentity): Handlers<Contract>['app'] {
  return {
    info: () => ({ version: identity.version, platform: identity.platform }),
    openExternal: ({ url }) => services.links.open(url),
    language: () => services.preferences.languageSetting(),
    setLanguage: ({ choice }) => services.preferences.setLanguage(choice),
    cancel: ({ taskId }) => services.tasks.cancel(taskId),
  };
}
