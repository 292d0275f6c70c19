import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function searchHandlers(services: AppServices): Handlers<Contract>['search'] {
  const { search } = services;
  return {
    query: ({ text }) => search.query(text),
    hybrid: ({ text }) => search.hybrid(text),
    recentActions: () => search.recentActions(),
    noteAction: ({ id }) => search.noteAction(id),
  };
}
