import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function notificationsHandlers(services: AppServices): Handlers<Contract>['notifications'] {
  const { notifications } = services;
  return {
    list: ({ limit }) => notifications.list(limit),
    markRead: ({ ids }) => notifications.markRead(ids),
    open: ({ id }) => notifications.open(id),
    takePendingNavigation: () => notifications.takePendingNavigation(),
    clear: () => notifications.clear(),
    settings: () => notifications.settings(),
    saveSettings: (settings) => notifications.saveSettings(settings),
  };
}
