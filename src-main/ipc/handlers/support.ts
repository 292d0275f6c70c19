import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

type SupportHandlers = Handlers<Contract>['support'];

// The contract's first commit: every call answers `internal` until the support service lands.
function notYet(): never {
  throw new Error('support: not built yet');
}

export function supportHandlers(_services: AppServices): SupportHandlers {
  return new Proxy({} as SupportHandlers, { get: () => notYet });
}
