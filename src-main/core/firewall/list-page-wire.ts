// A firewall list page (firewall.md, part 2: items, page, page_size, total), read tolerantly.
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import type { HttpResponse } from '../http/client.ts';
import { fieldsOf, readList, readRecords, type Fields } from '../wire/read.ts';
import { firewallDialect } from './error-dialect.ts';

export interface ListPage<T> {
  items: T[];
  /** What the appliance reported; null when it did not say. */
  total: number | null;
  /** Items the page carried without a usable id. */
  refused: number;
}

/** A page's records; a body that carries no list at all is a malformed answer, not an empty page. */
export function readListPage<T>(response: HttpResponse, read: (fields: Fields) => T | undefined): ListPage<T> {
  const list = readList(response.data);
  if (!list) throw new ServiceFailure(describeMalformedResponse(firewallDialect, response.status, 'unexpected_shape', response.requestId));
  const { records, refused } = readRecords(list, read);
  const total = fieldsOf(response.data)?.number('total', 'total_count', 'count', 'totalCount') ?? null;
  return { items: records, total, refused };
}
