import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function outboxHandlers(services: AppServices): Handlers<Contract>['outbox'] {
  const { outbox } = services;
  return {
    list: (filter) => outbox.list(filter),
    get: ({ id }) => outbox.get(id),
    retry: ({ id }) => outbox.retry(id),
    discard: ({ id }) => outbox.discard(id),
  };
}
