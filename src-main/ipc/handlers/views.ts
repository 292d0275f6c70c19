import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function viewsHandlers(services: AppServices): Handlers<Contract>['views'] {
  return {
    tableLayouts: () => services.views.tableLayouts(),
    saveTableLayout: (request) => services.views.saveTableLayout(request),
    setDensity: (request) => services.views.setDensity(request),
    alertView: (request) => services.views.alertView(request),
    keepAlertView: (request) => services.views.keepAlertView(request),
    markAlertsLooked: (request) => services.views.markAlertsLooked(request),
    saveAlertFilter: (request) => services.views.saveAlertFilter(request),
    deleteAlertFilter: (request) => services.views.deleteAlertFilter(request),
    viewFilters: (request) => services.views.viewFilters(request),
    keepViewFilter: (request) => services.views.keepViewFilter(request),
  };
}
