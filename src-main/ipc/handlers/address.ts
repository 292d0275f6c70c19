import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function addressHandlers(services: AppServices): Handlers<Contract>['address'] {
  const { address } = services;
  return {
    card: (request) => address.card(request),
    mentions: (request) => address.mentions(request),
    alertWorkItems: (request) => address.alertWorkItems(request),
    workItemAlerts: (request) => address.workItemAlerts(request),
    createAlertWorkItem: (request) => address.createAlertWorkItem(request),
    createAlertsWorkItem: (request) => address.createAlertsWorkItem(request),
  };
}
