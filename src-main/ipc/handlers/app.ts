import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import { collectDiagnostics, type AppIdentity } from '../../core/diagnostics.ts';
import { openExternalLink } from '../../core/external-url.ts';
import type { Handlers } from '../router.ts';

export type { AppIdentity };

export function appHandlers(services: AppServices, identity: AppIdentity): Handlers<Contract>['app'] {
  return {
    info: () => ({ version: identity.version, platform: identity.platform }),
    openExternal: ({ url }) => openExternalLink(services.platform, url),
    language: () => services.preferences.languageSetting(),
    setLanguage: ({ choice }) => services.preferences.setLanguage(choice),
    diagnostics: (request) => collectDiagnostics(services, identity, request),
  };
}
