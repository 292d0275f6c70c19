// A short list the view reads from the appliance whenever it shows it (the allow list, the domain
// rules: short, and changed rarely): all its pages, add an item, delete one. Each list gives only its
// path and how its items read on the wire.
import type { FirewallList } from '../../../src-preload/contract/firewall.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Fields } from '../wire/read.ts';
import type { FirewallClient } from './client.ts';
import type { FirewallClients } from './firewall-clients.ts';
import { readListPage } from './list-page-wire.ts';
import { readOne } from './resource-calls.ts';

const PAGE_SIZE = 500;
/** These lists are short; past this many pages the view shows what it has. */
const MAX_PAGES = 40;

async function readAllPages<T extends { id: string }>(client: FirewallClient, path: string, read: (fields: Fields) => T | undefined): Promise<T[]> {
  const items = new Map<string, T>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await client.request({ method: 'GET', path, query: { page, page_size: PAGE_SIZE } });
    const { items: pageItems, refused, total } = readListPage(response, read);
    for (const item of pageItems) items.set(item.id, item);
    if (pageItems.length + refused < PAGE_SIZE || (total !== null && page * PAGE_SIZE >= total)) break;
  }
  return [...items.values()];
}

export class ShortListService<T extends { id: string }> {
  readonly #clients: FirewallClients;
  readonly #clock: Clock;
  readonly #path: string;
  readonly #read: (fields: Fields) => T | undefined;

  constructor(clients: FirewallClients, clock: Clock, path: string, read: (fields: Fields) => T | undefined) {
    this.#clients = clients;
    this.#clock = clock;
    this.#path = path;
    this.#read = read;
  }

  async list(profileId: string): Promise<FirewallList<T>> {
    const items = await readAllPages(this.#client(profileId), this.#path, this.#read);
    return { items, syncedAt: new Date(this.#clock.now()).toISOString() };
  }

  async add(profileId: string, item: Record<string, unknown>): Promise<T> {
    return readOne(await this.#client(profileId).request({ method: 'POST', path: this.#path, body: item }), this.#read);
  }

  async remove(profileId: string, id: string): Promise<null> {
    await this.#client(profileId).request({ method: 'DELETE', path: `${this.#path}/${encodeURIComponent(id)}` });
    return null;
  }

  #client(profileId: string) {
    return this.#clients.clientFor(profileId, 'firewall');
  }
}
