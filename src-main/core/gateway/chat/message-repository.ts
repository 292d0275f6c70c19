import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { AnswerOutcome, ChatMessage, TokenUsage } from '../../../../src-shared/contract/gateway.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';

interface MessageRow {
  id: string;
  conversation_id: string;
  position: number;
  role: ChatMessage['role'];
  content: string;
  reasoning: string;
  outcome: AnswerOutcome | null;
  error: string | null;
  usage: string | null;
  model: string | null;
  created_at: string;
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  reasoning: row.reasoning,
  ...(row.outcome && { outcome: row.outcome }),
  ...(row.error && { error: JSON.parse(row.error) as IpcError }),
  ...(row.usage && { usage: JSON.parse(row.usage) as TokenUsage }),
  ...(row.model && { model: row.model }),
  createdAt: row.created_at,
});

/** How an answer ended, as stored. */
export interface AnswerResult {
  content: string;
  reasoning: string;
  outcome: AnswerOutcome;
  error?: IpcError;
  usage?: TokenUsage;
}

/** The `chat_messages` table: a conversation's messages in order. */
export class MessageRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Adds at the end of its conversation. */
  append(conversationId: string, message: ChatMessage): void {
    this.#db
      .prepare(
        `INSERT INTO chat_messages (id, conversation_id, position, role, content, reasoning, outcome, model, created_at)
         VALUES (@id, @conversationId, (SELECT COALESCE(MAX(position), -1) + 1 FROM chat_messages WHERE conversation_id = @conversationId),
                 @role, @content, @reasoning, @outcome, @model, @createdAt)`,
      )
      .run({ ...message, conversationId, outcome: message.outcome ?? null, model: message.model ?? null });
  }

  listOf(conversationId: string): ChatMessage[] {
    const rows = this.#db.prepare('SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY position').all(conversationId) as MessageRow[];
    return rows.map(toMessage);
  }

  /** `limit` messages in order from the `offset`-th (0 is the first), for a window that reads a long conversation as it scrolls. */
  page(conversationId: string, offset: number, limit: number): ChatMessage[] {
    const rows = this.#db
      .prepare('SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY position LIMIT ? OFFSET ?')
      .all(conversationId, limit, offset) as MessageRow[];
    return rows.map(toMessage);
  }

  /** How many messages the conversation has, and the usage of its answers summed, without reading their text. */
  totalsOf(conversationId: string): { count: number; usage: TokenUsage } {
    const row = this.#db
      .prepare(
        `SELECT COUNT(*) AS count,
           COALESCE(SUM(usage ->> '$.promptTokens'), 0) AS promptTokens,
           COALESCE(SUM(usage ->> '$.completionTokens'), 0) AS completionTokens,
           COALESCE(SUM(usage ->> '$.totalTokens'), 0) AS totalTokens
         FROM chat_messages WHERE conversation_id = ?`,
      )
      .get(conversationId) as { count: number } & TokenUsage;
    const { count, ...usage } = row;
    return { count, usage };
  }

  /**
   * Where `text` occurs in the conversation: the indexes (0 is the first message) of the messages
   * whose text or reasoning contains it, case-insensitively for ASCII, in order.
   */
  indexesContaining(conversationId: string, text: string): number[] {
    return this.#db
      .prepare(
        `SELECT at FROM (SELECT ROW_NUMBER() OVER (ORDER BY position) - 1 AS at, content, reasoning FROM chat_messages WHERE conversation_id = @conversationId)
         WHERE content LIKE @pattern ESCAPE '\\' OR reasoning LIKE @pattern ESCAPE '\\' ORDER BY at`,
      )
      .pluck()
      .all({ conversationId, pattern: containsPattern(text) }) as number[];
  }

  find(messageId: string): ChatMessage | undefined {
    const row = this.#db.prepare('SELECT * FROM chat_messages WHERE id = ?').get(messageId) as MessageRow | undefined;
    return row && toMessage(row);
  }

  conversationOf(messageId: string): string | undefined {
    const row = this.#db.prepare('SELECT conversation_id FROM chat_messages WHERE id = ?').get(messageId) as { conversation_id: string } | undefined;
    return row?.conversation_id;
  }

  setContent(messageId: string, content: string): void {
    this.#db.prepare('UPDATE chat_messages SET content = ? WHERE id = ?').run(content, messageId);
  }

  finish(messageId: string, result: AnswerResult): void {
    this.#db
      .prepare('UPDATE chat_messages SET content = @content, reasoning = @reasoning, outcome = @outcome, error = @error, usage = @usage WHERE id = @id')
      .run({
        id: messageId,
        content: result.content,
        reasoning: result.reasoning,
        outcome: result.outcome,
        error: result.error ? JSON.stringify(result.error) : null,
        usage: result.usage ? JSON.stringify(result.usage) : null,
      });
  }

  /** Drops the messages after this one (and this one too with `inclusive`). */
  removeFrom(messageId: string, inclusive: boolean): void {
    this.#db
      .prepare(
        `DELETE FROM chat_messages WHERE conversation_id = (SELECT conversation_id FROM chat_messages WHERE id = @id)
           AND position ${inclusive ? '>=' : '>'} (SELECT position FROM chat_messages WHERE id = @id)`,
      )
      .run({ id: messageId });
  }

  /** Answers still marked streaming when OpsDesk starts were cut by the last quit or crash. */
  markInterrupted(): void {
    this.#db.prepare("UPDATE chat_messages SET outcome = 'interrupted' WHERE outcome = 'streaming'").run();
  }
}
