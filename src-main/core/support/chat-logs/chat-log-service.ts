// The chat log listing (support.md part 4), newest first, one session's lines when asked.
import type { ChatLogEntry } from '../../../../src-shared/contract/support.ts';
import type { CursorPage } from '../../../../src-shared/contract/pages.ts';
import type { Fields } from '../../wire/read.ts';
import type { SupportPageSizes } from '../page-sizes.ts';
import type { SupportClients } from '../support-clients.ts';
import { readPage, stringOr } from '../support-wire.ts';

/** A line as sent; the document shows no id, and a server may key its lines by session or by nothing. */
function readChatLog(fields: Fields): Omit<ChatLogEntry, 'id'> & { id: string | undefined } {
  return {
    id: fields.id('id', 'log_id', 'message_id', 'line_id'),
    sessionId: fields.id('session_id', 'sessionId', 'conversation_id') ?? null,
    role: stringOr(fields, 'role', 'from', 'sender'),
    text: fields.string('text', 'content', 'message') ?? '',
    createdAt: fields.time('created_at', 'createdAt', 'time') ?? null,
  };
}

export class ChatLogService {
  readonly #clients: SupportClients;
  readonly #pageSizes: SupportPageSizes;

  constructor(clients: SupportClients, pageSizes: SupportPageSizes) {
    this.#clients = clients;
    this.#pageSizes = pageSizes;
  }

  async list(profileId: string, request: { sessionId?: string | undefined; cursor?: string | undefined; limit: number }): Promise<CursorPage<ChatLogEntry>> {
    const result = await this.#pageSizes.page(profileId, '/logs/chats', request.limit, (limit) =>
      this.#clients.clientFor(profileId, 'support').call({
        method: 'GET',
        path: '/logs/chats',
        query: { session_id: request.sessionId, cursor: request.cursor, limit },
      }),
    );
    const { items, nextCursor } = readPage(result, readChatLog);
    // A line without an id of its own is still shown, keyed by where it stands in this listing.
    const page = request.cursor ?? '';
    return { items: items.map((item, index) => ({ ...item, id: item.id ?? `line:${page}:${index}` })), nextCursor };
  }
}
