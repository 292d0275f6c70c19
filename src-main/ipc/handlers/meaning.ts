import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function meaningHandlers(services: AppServices): Handlers<Contract>['meaning'] {
  const { meaning } = services;
  return {
    status: () => meaning.status(),
    setPaused: ({ paused }) => meaning.setPaused(paused),
    similar: ({ kind, profileId, id }) => meaning.similar(kind, profileId, id),
  };
}
