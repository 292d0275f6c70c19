// The `limit` each profile's support server honours (support.md part 8: "the maximum of `limit`:
// not shown"): the most OpsDesk asks for, lowered by the `maximum` its OpenAPI description gives
// `limit` and by what a 400 about `limit` allowed. What a refusal taught is kept in the settings,
// so a server that answers every larger page with a 400 costs one refusal per profile, not one
// per sync.
import type { SettingsTable } from '../db/settings.ts';
import { pathShape } from '../wire/openapi.ts';
import { pageSizeAllowedBy } from '../wire/page-size-refusal.ts';
import { withoutSitePrefix } from './site-placement.ts';
import type { SupportClients } from './support-clients.ts';

/** The largest page OpsDesk asks for: the simulator's maximum, and fewest calls per walk. */
export const SUPPORT_PAGE_SIZE = 100;

const settingKey = (profileId: string) => `support.pageSize.${profileId}`;

export class SupportPageSizes {
  readonly #clients: SupportClients;
  readonly #settings: SettingsTable;

  constructor(clients: SupportClients, settings: SettingsTable) {
    this.#clients = clients;
    this.#settings = settings;
  }

  /** The `limit` to ask `GET <path>` for: at most `wanted`. */
  async sizeFor(profileId: string, path: string, wanted = SUPPORT_PAGE_SIZE): Promise<number> {
    const learned = this.#settings.read(settingKey(profileId));
    const { description, siteRoute } = await this.#clients.clientFor(profileId, 'support').describeServer();
    const shape = pathShape(path);
    const described = description?.operations
      .find((operation) => operation.method === 'GET' && pathShape(withoutSitePrefix(operation.path, siteRoute)) === shape)
      ?.parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'limit')?.maximum;
    return Math.max(1, Math.min(wanted, typeof learned === 'number' ? learned : Infinity, described ?? Infinity));
  }

  /**
   * One page of `GET <path>`, asked at the size the server honours: a 400 about `limit` asks the
   * same page again at the size it allows (a cursor names a place in the list, not a page number,
   * so a walk goes on at the new size), and that size is remembered for the profile.
   */
  async page<T>(profileId: string, path: string, wanted: number, fetch: (limit: number) => Promise<T>): Promise<T> {
    let limit = await this.sizeFor(profileId, path, wanted);
    for (;;) {
      try {
        return await fetch(limit);
      } catch (error) {
        const allowed = pageSizeAllowedBy(error, limit);
        if (allowed === undefined) throw error;
        this.#learned(profileId, (limit = allowed));
      }
    }
  }

  forget(profileId: string): void {
    this.#settings.delete(settingKey(profileId));
  }

  #learned(profileId: string, limit: number): void {
    const known = this.#settings.read(settingKey(profileId));
    if (typeof known !== 'number' || limit < known) this.#settings.write(settingKey(profileId), limit);
  }
}
