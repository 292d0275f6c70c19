// A server's list may allow smaller pages than a client asks for, and say so only in the words of
// its 400 (`limit must be between 1 and 50`, `page_size must be 1..100`): the documents name no
// maximum (support.md part 8, firewall.md part 2).
import { ServiceFailure } from '../http/service-failure.ts';

const ABOUT_PAGE_SIZE = /page[_ ]?size|per[_ ]?page|page_?limit|\blimit\b/i;

/**
 * The page size a 400 allows when its words are about the page size: the largest number they name
 * below what was asked, else half; undefined when the refusal is about something else or nothing
 * smaller is left to try.
 */
export function pageSizeAllowedBy(error: unknown, asked: number): number | undefined {
  if (!(error instanceof ServiceFailure) || error.serviceError.status !== 400 || asked <= 1) return undefined;
  const detail = error.serviceError.params?.['detail'];
  const words = typeof detail === 'string' ? detail : error.serviceError.message;
  if (!ABOUT_PAGE_SIZE.test(words)) return undefined;
  const bounds = (words.match(/\d+/g) ?? []).map(Number).filter((bound) => bound >= 1 && bound < asked);
  return bounds.length > 0 ? Math.max(...bounds) : Math.floor(asked / 2);
}
