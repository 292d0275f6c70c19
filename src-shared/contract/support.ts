// The support area of the contract, one file per feature under support/.
import { z } from 'zod';
import { call, event } from './define.ts';
import { supportResources, type CacheChanged, type SupportResource, type SyncStatus } from './sync.ts';
import { accessCalls } from './support/access.ts';
import { withProfile } from './support/common.ts';
import { contactCalls } from './support/contacts.ts';
import { contactLinkCalls } from './support/contact-links.ts';
import { knowledgeCalls } from './support/knowledge.ts';
import { ticketCalls } from './support/tickets.ts';
import { workCalls } from './support/work.ts';

export * from './support/access.ts';
export * from './support/contacts.ts';
export * from './support/contact-links.ts';
export * from './support/knowledge.ts';
export * from './support/shared-types.ts';
export * from './support/tickets.ts';
export * from './support/work.ts';

export const support = {
  calls: {
    ...accessCalls,
    ...ticketCalls,
    ...contactCalls,
    ...contactLinkCalls,
    ...workCalls,
    ...knowledgeCalls,
    syncStatus: call<SyncStatus<SupportResource>[]>()(withProfile),
    /** Refreshes the cache now (every resource when absent); resolves when started. */
    syncNow: call<null>()(withProfile.extend({ resource: z.enum(supportResources).optional() })),
  },
  events: {
    syncChanged: event<SyncStatus<SupportResource>>(),
    cacheChanged: event<CacheChanged<SupportResource>>(),
  },
};
