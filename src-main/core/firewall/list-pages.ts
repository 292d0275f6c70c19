// Reading a whole (short) firewall list, page by page, for lists the view shows live.
import type { Fields } from '../wire/read.ts';
import type { FirewallClient } from './client.ts';
import { readListPage } from './list-page-wire.ts';

const PAGE_SIZE = 500;
/** Allow lists and domain rules are short; past this many pages the view shows what it has. */
const MAX_PAGES = 40;

export async function readAllPages<T extends { id: string }>(client: FirewallClient, path: string, read: (fields: Fields) => T | undefined): Promise<T[]> {
  const items = new Map<string, T>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await client.request({ method: 'GET', path, query: { page, page_size: PAGE_SIZE } });
    const { items: pageItems, refused, total } = readListPage(response, read);
    for (const item of pageItems) items.set(item.id, item);
    if (pageItems.length + refused < PAGE_SIZE || (total !== null && page * PAGE_SIZE >= total)) break;
  }
  return [...items.values()];
}
