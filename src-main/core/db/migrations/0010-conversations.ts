import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 10,
  name: 'conversations',
  // A conversation outlives the connection it used: deleting the profile leaves it, unassigned.
  sql: `CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    profile_id TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    title TEXT NOT NULL,
    model TEXT,
    system_prompt TEXT NOT NULL DEFAULT '',
    parameters TEXT NOT NULL DEFAULT '{}',
    endpoint TEXT NOT NULL DEFAULT 'chat' CHECK (endpoint IN ('chat', 'responses')),
    stream INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content TEXT NOT NULL,
    reasoning TEXT NOT NULL DEFAULT '',
    outcome TEXT,
    error TEXT,
    usage TEXT,
    model TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (conversation_id, position)
  ) STRICT;`,
};
