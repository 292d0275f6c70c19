// The knowledge base (support.md part 4): search with scores, and the FAQ list; asked of the server
// each time (the user is waiting, so these calls go before any background refresh). A new FAQ goes
// through the outbox (`faq-writes.ts`).
import type { z } from 'zod';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { addFaqSchema, Faq, KbSearchHit, KbSearchResult } from '../../../../src-shared/contract/support.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { CursorPage } from '../../../../src-shared/contract/pages.ts';
import type { SupportPageSizes } from '../page-sizes.ts';
import type { SupportClients } from '../support-clients.ts';
import type { SupportWriteQueue } from '../support-outbox.ts';
import { readPage } from '../support-wire.ts';
import { readRecords, unwrappedFieldsOf } from '../../wire/read.ts';
import { addFaqWrite, explainTakenFaqId } from './faq-writes.ts';
import { readFaq, readSearchHit } from './kb-wire.ts';

/** How many candidates an FAQ id conflict is tried with before giving up on suggesting one. */
const SUGGESTION_TRIES = 50;
/** The FAQ pages read to see which ids are taken. */
const PAGES_CHECKED = 5;

/** Answers the window was shown: the command palette remembers them, to find them offline. */
export interface ShownAnswers {
  profileId: string;
  kbHits?: KbSearchHit[];
  faqs?: Faq[];
}

export class KbService {
  readonly #clients: SupportClients;
  readonly #outbox: SupportWriteQueue;
  readonly #pageSizes: SupportPageSizes;
  readonly #shown = new Emitter<ShownAnswers>();
  readonly onShown = this.#shown.event;

  constructor(clients: SupportClients, outbox: SupportWriteQueue, pageSizes: SupportPageSizes) {
    this.#clients = clients;
    this.#outbox = outbox;
    this.#pageSizes = pageSizes;
    outbox.own('faq', { applySent: () => {}, explainRefusal: (write, error) => explainTakenFaqId(write, error, (profileId, taken) => this.suggestFreeId(profileId, taken)) });
  }

  addFaq(request: z.output<typeof addFaqSchema>): Promise<OutboxEntry> {
    return this.#outbox.submit(addFaqWrite(request));
  }

  async search(profileId: string, q: string, topK: number): Promise<KbSearchResult> {
    const result = await this.#clients.clientFor(profileId, 'support').call({ method: 'GET', path: '/kb/search', query: { q, top_k: topK } });
    const data = unwrappedFieldsOf(result.data);
    const { records } = readRecords(result.data, readSearchHit);
    this.#shown.fire({ profileId, kbHits: records });
    return { query: data?.string('query', 'q') ?? q, items: records };
  }

  async faqList(profileId: string, request: { q?: string | undefined; cursor?: string | undefined; limit: number }): Promise<CursorPage<Faq>> {
    const result = await this.#pageSizes.page(profileId, '/kb/faq', request.limit, (limit) =>
      this.#clients.clientFor(profileId, 'support').call({
        method: 'GET',
        path: '/kb/faq',
        query: { q: request.q?.trim() || undefined, cursor: request.cursor, limit },
      }),
    );
    const { items, nextCursor } = readPage(result, readFaq);
    this.#shown.fire({ profileId, faqs: items });
    return { items, nextCursor };
  }

  /** A free FAQ id near `taken` (`taken-2`, `taken-3`…), checked against the FAQ the server lists. */
  async suggestFreeId(profileId: string, taken: string): Promise<string | undefined> {
    const ids = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < PAGES_CHECKED; page++) {
      const listed = await this.faqList(profileId, { cursor, limit: 100 });
      listed.items.forEach((faq) => ids.add(faq.id));
      if (listed.nextCursor === null) break;
      cursor = listed.nextCursor;
    }
    const stem = taken.replace(/-\d+$/, '').slice(0, 60);
    for (let n = 2; n < SUGGESTION_TRIES; n++) {
      const candidate = `${stem}-${n}`;
      if (!ids.has(candidate)) return candidate;
    }
    return undefined;
  }
}
