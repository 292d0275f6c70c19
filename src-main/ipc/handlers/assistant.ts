import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function assistantHandlers(services: AppServices): Handlers<Contract>['assistant'] {
  return {
    settings: () => services.assistantSettings.state(),
    saveSettings: (settings) => services.assistantSettings.save(settings),
  };
}
