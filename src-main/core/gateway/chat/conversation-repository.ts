import type { ChatEndpoint, ChatParameters, ConversationSettings, ConversationSummary } from '../../../../src-shared/contract/gateway.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export interface ConversationRecord extends ConversationSummary {
  systemPrompt: string;
  parameters: ChatParameters;
  endpoint: ChatEndpoint;
  stream: boolean;
  draft: string;
  createdAt: string;
}

interface ConversationRow {
  id: string;
  profile_id: string | null;
  title: string;
  model: string | null;
  system_prompt: string;
  parameters: string;
  endpoint: ChatEndpoint;
  stream: number;
  draft: string;
  created_at: string;
  updated_at: string;
}

const toRecord = (row: ConversationRow): ConversationRecord => ({
  id: row.id,
  profileId: row.profile_id,
  title: row.title,
  model: row.model,
  systemPrompt: row.system_prompt,
  parameters: JSON.parse(row.parameters) as ChatParameters,
  endpoint: row.endpoint,
  stream: row.stream === 1,
  draft: row.draft,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The `conversations` table. */
export class ConversationRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  insert(record: ConversationRecord): void {
    this.#db
      .prepare(
        `INSERT INTO conversations (id, profile_id, title, model, system_prompt, parameters, endpoint, stream, draft, created_at, updated_at)
         VALUES (@id, @profileId, @title, @model, @systemPrompt, @parameters, @endpoint, @stream, @draft, @createdAt, @updatedAt)`,
      )
      .run({ ...record, parameters: JSON.stringify(record.parameters), stream: record.stream ? 1 : 0 });
  }

  find(id: string): ConversationRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM conversations WHERE id = ?').get(id) as ConversationRow | undefined;
    return row && toRecord(row);
  }

  /**
   * Newest first (of two changed in the same millisecond, the one made later); a query matches the
   * title or any message's text, case-insensitively for ASCII.
   */
  list(query?: string): ConversationRecord[] {
    if (!query?.trim()) {
      return (this.#db.prepare('SELECT * FROM conversations ORDER BY updated_at DESC, rowid DESC').all() as ConversationRow[]).map(toRecord);
    }
    const pattern = containsPattern(query.trim());
    const rows = this.#db
      .prepare(
        `SELECT * FROM conversations c
         WHERE c.title LIKE @pattern ESCAPE '\\'
            OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.content LIKE @pattern ESCAPE '\\')
         ORDER BY c.updated_at DESC, c.rowid DESC`,
      )
      .all({ pattern }) as ConversationRow[];
    return rows.map(toRecord);
  }

  /** The model of the conversation on this connection changed last that has one; null when none has. */
  lastModelOn(profileId: string): string | null {
    const row = this.#db
      .prepare('SELECT model FROM conversations WHERE profile_id = ? AND model IS NOT NULL ORDER BY updated_at DESC, rowid DESC LIMIT 1')
      .get(profileId) as { model: string } | undefined;
    return row?.model ?? null;
  }

  update(id: string, settings: ConversationSettings, updatedAt: string): void {
    const columns: Record<string, unknown> = {
      title: settings.title,
      profile_id: settings.profileId,
      model: settings.model,
      system_prompt: settings.systemPrompt,
      parameters: settings.parameters && JSON.stringify(settings.parameters),
      endpoint: settings.endpoint,
      stream: settings.stream === undefined ? undefined : settings.stream ? 1 : 0,
    };
    const changed = Object.entries(columns).filter(([, value]) => value !== undefined);
    const assignments = [...changed.map(([column]) => `${column} = @${column}`), 'updated_at = @updated_at'];
    this.#db
      .prepare(`UPDATE conversations SET ${assignments.join(', ')} WHERE id = @id`)
      .run({ ...Object.fromEntries(changed), updated_at: updatedAt, id });
  }

  /** A draft is not a change to the conversation: it leaves its place in the list as it is. */
  saveDraft(id: string, draft: string): boolean {
    return this.#db.prepare('UPDATE conversations SET draft = ? WHERE id = ?').run(draft, id).changes > 0;
  }

  touch(id: string, updatedAt: string): void {
    this.#db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?').run(updatedAt, id);
  }

  remove(id: string): void {
    this.#db.prepare('DELETE FROM conversations WHERE id = ?').run(id);
  }
}
