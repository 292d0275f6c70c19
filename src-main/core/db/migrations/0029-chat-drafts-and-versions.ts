import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 29,
  name: 'chat drafts and versions',
  // Issue 29. A conversation keeps the text typed and not yet sent, so closing its tab or OpsDesk
  // loses nothing. A regenerated answer or an edited question sets the path it replaces aside as a
  // branch rather than deleting it: the branch is the run of messages that followed `fork_after`
  // (null: the conversation's start), kept in order with their own usage. `chat_messages` stays the
  // path on screen, so everything that reads it (search, address mentions, paging) sees that path.
  sql: `ALTER TABLE conversations ADD COLUMN draft TEXT NOT NULL DEFAULT '';
  CREATE TABLE chat_branches (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    fork_after TEXT,
    started_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX chat_branches_by_fork ON chat_branches (conversation_id, fork_after);
  CREATE TABLE chat_branch_messages (
    id TEXT PRIMARY KEY,
    branch_id TEXT NOT NULL REFERENCES chat_branches (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content TEXT NOT NULL,
    reasoning TEXT NOT NULL DEFAULT '',
    outcome TEXT,
    error TEXT,
    usage TEXT,
    model TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (branch_id, position)
  ) STRICT;`,
};
