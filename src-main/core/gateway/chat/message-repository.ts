import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AnswerOutcome, ChatMessage, TokenUsage } from '../../../../src-preload/contract/gateway.ts';
import type { Db } from '../../db/database.ts';

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
