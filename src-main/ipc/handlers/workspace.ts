import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function workspaceHandlers(services: AppServices): Handlers<Contract>['workspace'] {
  return {
    load: () => services.workspace.load(),
    save: (state) => services.workspace.save(state),
    lastProfiles: () => services.workspace.lastProfiles(),
    rememberProfile: ({ service, profileId }) => services.workspace.rememberProfile(service, profileId),
  };
}
