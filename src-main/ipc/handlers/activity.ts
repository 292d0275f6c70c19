import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function activityHandlers(services: AppServices): Handlers<Contract>['activity'] {
  const { activity } = services;
  return {
    list: ({ filter, offset, limit }) => activity.list(filter, offset, limit),
    actions: () => activity.actions(),
    exportCsv: ({ filter }) => activity.exportCsv(filter),
    settings: () => activity.settings(),
    saveSettings: (settings) => activity.saveSettings(settings),
  };
}
