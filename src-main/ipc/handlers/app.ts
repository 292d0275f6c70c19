import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { AppIdentity } from '../../core/diagnostics.ts';
import type { Handlers } from '../router.ts';

export type { AppIdentity };

export function appHandlers(services: AppServices, identity: AppIdentity): Handlers<Contract>['app'] {
  return {
    info: () => ({ version: identity.version, platform: identity.platform }),
    openExternal: ({ url }) => services.links.open(url),
    language: () => services.preferences.languageSetting(),
    setLanguage: ({ choice }) => services.preferences.setLanguage(choice),
    theme: () => services.preferences.theme(),
    setTheme: ({ choice }) => services.preferences.setTheme(choice),
    diagnostics: (request) => services.diagnostics.collect(identity, request),
    cancel: ({ taskId }) => services.tasks.cancel(taskId),
  };
}
