// Walking a list the appliance pages by `page` and `page_size` (firewall.md, part 2). An appliance
// may allow smaller pages than OpsDesk asks for: it refuses a larger `page_size` with a 400 that
// may name its bound, or silently sends fewer items. Its page numbers then count pages of its own
// size, so a walk asks with the size the appliance honours; and a page shorter than asked is not
// the end: the end is `total` reached or an empty page (docs/api-assumptions.md, "page-size caps").
import { ServiceFailure } from '../http/service-failure.ts';
import type { HttpResponse } from '../http/client.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import { fieldsOf, readList, readRecords, type Fields } from '../wire/read.ts';
import { firewallDialect } from './error-dialect.ts';

/** The largest page OpsDesk asks for: the simulator's maximum, and fewer requests per sync. */
export const LARGEST_PAGE_SIZE = 500;
/** A whole-list read stops here: a list this long is not the short kind read whole. */
const MOST_ITEMS_READ_WHOLE = 50_000;

/** What one list page said: `{items, page, page_size, total}`, or a bare array, or the items under another usual name. */
export interface PageRead<T> {
  items: T[];
  /** Items the page carried without a usable id. */
  refused: number;
  /** How many items the page carried, usable or not. */
  received: number;
  /** What the appliance reported; null when it did not say. */
  total: number | null;
  /** The page size the appliance says it used; null when it did not say. */
  pageSize: number | null;
}

/** A page's records; a body that carries no list at all is a malformed answer, not an empty page. */
export function readListPage<T>(response: HttpResponse, read: (fields: Fields) => T | undefined): PageRead<T> {
  const list = readList(response.data);
  if (!list) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
  const { records, refused } = readRecords(list, read);
  const page = fieldsOf(response.data);
  return {
    items: records,
    refused,
    received: list.length,
    total: page?.number('total', 'total_count', 'count', 'totalCount') ?? null,
    pageSize: page?.number('page_size', 'pageSize', 'per_page', 'limit') ?? null,
  };
}

/**
 * The page size a 400 allows when it is about the page size (`page_size must be 1..100`, `limit
 * exceeds maximum 200`): the largest number it names below what was asked, else half; undefined
 * when the refusal is about something else or nothing smaller is left to try.
 */
export function refusedPageSize(error: unknown, asked: number): number | undefined {
  if (!(error instanceof ServiceFailure) || error.serviceError.status !== 400 || asked <= 1) return undefined;
  const detail = error.serviceError.params?.['detail'];
  const words = typeof detail === 'string' ? detail : error.serviceError.message;
  if (!/page[_ ]?size|per[_ ]?page|page_?limit|\blimit\b/i.test(words)) return undefined;
  const bounds = (words.match(/\d+/g) ?? []).map(Number).filter((bound) => bound >= 1 && bound < asked);
  return bounds.length > 0 ? Math.max(...bounds) : Math.floor(asked / 2);
}

/**
 * The size to ask for after the first page of a walk: the appliance's own when it answered with
 * fewer items than asked and the list goes on (or it did not say how long the list is).
 */
export function pageSizeAfterFirst(page: Pick<PageRead<unknown>, 'received' | 'total' | 'pageSize'>, asked: number): number {
  if (page.received === 0 || page.received >= asked || (page.total !== null && page.received >= page.total)) return asked;
  return page.pageSize !== null && page.pageSize >= 1 && page.pageSize < asked ? page.pageSize : page.received;
}

/** Whether the page after this one is past the end: `total` reached, or this page was empty. */
export function isLastPage(page: Pick<PageRead<unknown>, 'received' | 'total'>, number: number, pageSize: number): boolean {
  return page.received === 0 || (page.total !== null && number * pageSize >= page.total);
}

export interface WholeList<T> {
  items: T[];
  /** Whether every page reported the same total: a list changing under the walk may have moved an item past it. */
  steady: boolean;
}

/**
 * Every item of a list, page by page at the size the appliance honours. `pageSize` is where to
 * start; `learned` hears each smaller size the appliance showed, to start there next time.
 */
export async function readWholeList<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<PageRead<T>>,
  pageSize: number,
  learned: (pageSize: number) => void,
  report: (progress: { fetched: number; total: number | null }) => void = () => {},
): Promise<WholeList<T>> {
  let size = pageSize;
  for (;;) {
    const items = new Map<string, T>();
    let firstTotal: number | null | undefined;
    let steady = true;
    let refusedAt: number | undefined;
    for (let page = 1; items.size < MOST_ITEMS_READ_WHOLE; page++) {
      let read: PageRead<T>;
      try {
        read = await fetchPage(page, size);
      } catch (error) {
        refusedAt = refusedPageSize(error, size);
        if (refusedAt === undefined) throw error;
        break;
      }
      if (firstTotal === undefined) firstTotal = read.total;
      else if (read.total !== firstTotal) steady = false;
      const before = items.size;
      for (const item of read.items) items.set(item.id, item);
      report({ fetched: items.size, total: read.total });
      if (page === 1) {
        const honoured = pageSizeAfterFirst(read, size);
        if (honoured !== size) learned((size = honoured));
      }
      // An appliance that answers every page with the same items (it ignores `page`) ends here.
      if (isLastPage(read, page, size) || (read.items.length > 0 && items.size === before)) break;
    }
    if (refusedAt === undefined) return { items: [...items.values()], steady };
    // Page numbers count pages of the asked size: at another size the walk starts again.
    learned((size = refusedAt));
  }
}
