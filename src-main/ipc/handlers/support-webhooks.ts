import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function supportWebhooksHandlers(services: AppServices): Handlers<Contract>['supportWebhooks'] {
  const { supportWebhooks } = services;
  return {
    list: ({ profileId }) => supportWebhooks.list(profileId),
    register: ({ profileId, url, events }) => supportWebhooks.register(profileId, url, events),
    settings: () => supportWebhooks.settings(),
    saveSettings: (settings) => supportWebhooks.saveSettings(settings),
    status: () => supportWebhooks.status(),
  };
}
