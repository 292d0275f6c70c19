// How a detail opens (a ticket, a contact, a work item): the cached copy at once, read again from
// the server in the background (the cache's change event follows); without a copy, or when the user
// asks fresh, the server's, and when it cannot be reached, the cached copy with the reason.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { Logger } from '../log/logger.ts';
import { errorOf } from './support-error.ts';

export async function cacheFirst<Cached, Detail extends { error?: IpcError }>(options: {
  cached: Cached | undefined;
  fresh: boolean;
  fetch(): Promise<Cached>;
  toDetail(cached: Cached, from: 'server' | 'cache'): Detail;
  logger: Logger;
  what: string;
}): Promise<Detail> {
  const { cached, fresh, fetch, toDetail, logger, what } = options;
  if (cached !== undefined && !fresh) {
    fetch().catch((error: unknown) => logger.info(`a cached ${what} could not be read again`, { error }));
    return toDetail(cached, 'cache');
  }
  try {
    return toDetail(await fetch(), 'server');
  } catch (error) {
    if (cached === undefined) throw error;
    return { ...toDetail(cached, 'cache'), error: errorOf(error) };
  }
}
