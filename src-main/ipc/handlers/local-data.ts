import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function localDataHandlers(services: AppServices): Handlers<Contract>['localData'] {
  const { localData, cachePruning } = services;
  return {
    exportFile: (request, { windowId }) => localData.exportFile(request, windowId),
    chooseImport: () => localData.chooseImport(),
    previewImport: (request) => localData.previewImport(request),
    applyImport: (request, { windowId }) => localData.applyImport(request, windowId),
    cancelImport: (request) => localData.cancelImport(request),
    retention: () => cachePruning.settings(),
    saveRetention: (retention) => cachePruning.saveSettings(retention),
  };
}
