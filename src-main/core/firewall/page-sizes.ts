// The page size each profile's appliance honours: the largest OpsDesk asks for, lowered by the
// `maximum` its OpenAPI description gives `page_size` and by what a walk learned (a 400 naming the
// bound, or pages shorter than asked). What a walk learned is kept in the settings, so a walk
// resumed after a restart numbers its pages as the appliance does.
import type { SettingsTable } from '../db/settings.ts';
import { pathShape } from '../wire/openapi.ts';
import type { FirewallClients } from './firewall-clients.ts';
import { LARGEST_PAGE_SIZE } from './list-walk.ts';

const settingKey = (profileId: string) => `firewall.pageSize.${profileId}`;

export class PageSizes {
  readonly #clients: FirewallClients;
  readonly #settings: SettingsTable;

  constructor(clients: FirewallClients, settings: SettingsTable) {
    this.#clients = clients;
    this.#settings = settings;
  }

  /** The size to ask `GET <path>` for: at most `wanted`. */
  async sizeFor(profileId: string, path: string, wanted = LARGEST_PAGE_SIZE): Promise<number> {
    const learned = this.#settings.read(settingKey(profileId));
    const description = await this.#clients.clientFor(profileId, 'firewall').describeServer();
    const shape = pathShape(path);
    const described = description?.operations
      .find((operation) => operation.method === 'GET' && pathShape(operation.path) === shape)
      ?.parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'page_size')?.maximum;
    return Math.max(1, Math.min(wanted, typeof learned === 'number' ? learned : Infinity, described ?? Infinity));
  }

  /** A walk saw the appliance honour no more than this. */
  learned(profileId: string, pageSize: number): void {
    const known = this.#settings.read(settingKey(profileId));
    if (typeof known !== 'number' || pageSize < known) this.#settings.write(settingKey(profileId), pageSize);
  }

  forget(profileId: string): void {
    this.#settings.write(settingKey(profileId), null);
  }
}
