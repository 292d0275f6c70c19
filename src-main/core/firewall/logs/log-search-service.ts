// Log search (`POST /logs/search`): the query form's object to the appliance, a list page back,
// and the searches kept so the analyst can run one again.
import type { LogQuery, LogSearchResult, RecentLogQuery } from '../../../../src-shared/contract/firewall-admin.ts';
import { readWindowPage, withFieldErrors, type Paging, type ResourceOptions } from '../appliance-resource.ts';
import { readListPage } from '../list-walk.ts';
import { logQueryFormFields, logSearchBody, readLogEntry } from './log-wire.ts';
import type { LogQueryRepository } from './log-query-repository.ts';

export class LogSearchService {
  readonly #resources: ResourceOptions;
  readonly #queries: LogQueryRepository;

  constructor(resources: ResourceOptions, queries: LogQueryRepository) {
    this.#resources = resources;
    this.#queries = queries;
  }

  async search(profileId: string, query: LogQuery, paging: Paging, { remember = true }: { remember?: boolean } = {}): Promise<LogSearchResult> {
    const { clients, pageSizes, clock } = this.#resources;
    const now = clock.now();
    const sent = logSearchBody(query, now);
    const client = clients.clientFor(profileId, 'firewall');
    try {
      const page = await readWindowPage(profileId, '/logs/search', pageSizes, paging, async (number, pageSize) =>
        readListPage(await client.request({ method: 'POST', path: '/logs/search', body: { ...sent, page: number, page_size: pageSize } }), readLogEntry),
      );
      // Only a search the appliance accepted is worth offering again; a later page is the same search.
      if (paging.page === 1 && remember) this.#queries.remember(profileId, query, new Date(now).toISOString());
      return { ...page, sent };
    } catch (error) {
      throw withFieldErrors(error, logQueryFormFields);
    }
  }

  recent(profileId: string): RecentLogQuery[] {
    return this.#queries.recent(profileId);
  }
}
