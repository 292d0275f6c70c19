import type { Migration } from './migration.ts';

/**
 * A ticket's messages as one text (`@` stands for the row): every message's text, or the last
 * message alone when the list sent no messages.
 */
const TICKET_MESSAGES = `CASE WHEN json_valid(@messages)
    THEN (SELECT group_concat(json_extract(value, '$.text'), ' ') FROM json_each(@messages))
    WHEN json_valid(@last_message) THEN json_extract(@last_message, '$.text') END`;

/**
 * A full-text index over `table`, a row per source row under its rowid, kept in step by triggers.
 * An update touches the index only when an indexed text changed: a sync rewrites every row it
 * reads, most of them unchanged.
 */
function indexOf(table: string, columns: Record<string, string>): string {
  const names = Object.keys(columns);
  const values = Object.values(columns).map((value) => value.replaceAll('@', 'new.'));
  const sources = [...new Set(Object.values(columns).flatMap((value) => [...value.matchAll(/@(\w+)/g)].map((match) => match[1])))];
  const changed = sources.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
  return `CREATE VIRTUAL TABLE ${table}_fts USING fts5(${names.join(', ')});
  INSERT INTO ${table}_fts (rowid, ${names.join(', ')}) SELECT new.rowid, ${values.join(', ')} FROM ${table} AS new;
  CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${table}_fts (rowid, ${names.join(', ')}) VALUES (new.rowid, ${values.join(', ')});
  END;
  CREATE TRIGGER ${table}_fts_update AFTER UPDATE ON ${table} WHEN ${changed} BEGIN
    DELETE FROM ${table}_fts WHERE rowid = old.rowid;
    INSERT INTO ${table}_fts (rowid, ${names.join(', ')}) VALUES (new.rowid, ${values.join(', ')});
  END;
  CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
    DELETE FROM ${table}_fts WHERE rowid = old.rowid;
  END;`;
}

export const migration: Migration = {
  version: 23,
  name: 'search index',
  // The command palette's search across the cache (issue 25): FTS5 over the support caches and the
  // conversations, as the alerts have. A contact's phone is not indexed: it is never searched.
  // FAQ, knowledge-base answers and allow-list entries are not cached lists: the ones the user has
  // been shown are remembered in search_seen so the palette finds them offline.
  sql: `${indexOf('support_tickets', {
    subject: '@subject',
    visitor: "concat_ws(' ', @visitor_name, @visitor_email)",
    messages: TICKET_MESSAGES,
  })}
  ${indexOf('support_contacts', { name: '@name', company: '@company', email: '@email' })}
  ${indexOf('support_work_items', { title: '@title', description: '@description' })}
  ${indexOf('conversations', { title: '@title' })}
  ${indexOf('chat_messages', { content: '@content' })}
  CREATE TABLE search_seen (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('allow', 'faq', 'kb')),
    id TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, kind, id)
  ) STRICT;
  CREATE INDEX search_seen_by_age ON search_seen (seen_at);`,
};
