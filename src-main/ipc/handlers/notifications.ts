import type { Contract } from '../../../src-preload/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import { UserFacingError } from '../../core/user-facing-error.ts';
import type { Handlers } from '../router.ts';

const notBuilt = (): never => {
  throw new UserFacingError({ code: 'internal', message: 'The notification center is not built yet.' });
};

export function notificationsHandlers(_services: AppServices): Handlers<Contract>['notifications'] {
  return { list: notBuilt, markRead: notBuilt, open: notBuilt, clear: notBuilt, settings: notBuilt, saveSettings: notBuilt };
}
