// What each ticket's reply box holds until it is sent (table reply_drafts).
import type { Db } from '../../db/database.ts';

export class ReplyDraftRepository {
  readonly #read;
  readonly #write;
  readonly #forget;

  constructor(db: Db) {
    this.#read = db.prepare<[string, string], { text: string }>('SELECT text FROM reply_drafts WHERE profile_id = ? AND ticket_id = ?');
    this.#write = db.prepare<[string, string, string, string]>(
      `INSERT INTO reply_drafts (profile_id, ticket_id, text, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (profile_id, ticket_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
    );
    this.#forget = db.prepare<[string, string]>('DELETE FROM reply_drafts WHERE profile_id = ? AND ticket_id = ?');
  }

  read(profileId: string, ticketId: string): string {
    return this.#read.get(profileId, ticketId)?.text ?? '';
  }

  write(profileId: string, ticketId: string, text: string, at: string): void {
    this.#write.run(profileId, ticketId, text, at);
  }

  forget(profileId: string, ticketId: string): void {
    this.#forget.run(profileId, ticketId);
  }
}
