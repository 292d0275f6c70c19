// Log search (`POST /logs/search`): the query form's object to the appliance, a list page back,
// and the searches kept so the analyst can run one again.
import type { LogQuery, LogSearchResult, RecentLogQuery } from '../../../../src-preload/contract/firewall-admin.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { readListPage, withFieldErrors, type FirewallClientSource, type Paging } from '../resource-calls.ts';
import { logQueryFormFields, logSearchBody, readLogEntry } from './log-wire.ts';
import type { LogQueryRepository } from './log-query-repository.ts';

export class LogSearchService {
  readonly #clients: FirewallClientSource;
  readonly #queries: LogQueryRepository;
  readonly #clock: Clock;

  constructor(clients: FirewallClientSource, queries: LogQueryRepository, clock: Clock) {
    this.#clients = clients;
    this.#queries = queries;
    this.#clock = clock;
  }

  async search(profileId: string, query: LogQuery, paging: Paging): Promise<LogSearchResult> {
    const now = this.#clock.now();
    const sent = logSearchBody(query, now);
    try {
      const response = await this.#clients
        .clientFor(profileId, 'firewall')
        .request({ method: 'POST', path: '/logs/search', body: { ...sent, page: paging.page, page_size: paging.pageSize } });
      // Only a search the appliance accepted is worth offering again; a later page is the same search.
      if (paging.page === 1) this.#queries.remember(profileId, query, new Date(now).toISOString());
      return { ...readListPage(response.data, readLogEntry, paging), sent };
    } catch (error) {
      throw withFieldErrors(error, logQueryFormFields);
    }
  }

  recent(profileId: string): RecentLogQuery[] {
    return this.#queries.recent(profileId);
  }
}
