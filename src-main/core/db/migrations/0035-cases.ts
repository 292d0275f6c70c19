import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 35,
  name: 'cases',
  // Issue 46: a case gathers one incident's alerts, addresses, tickets, contacts, work items,
  // conversations, blocks and allow entries. Its items are referred to, not copied: the timeline
  // reads each item's events from the caches it lives in. An item keeps its label, address and
  // time as they were when it was added, so a case still names an alert the cache has pruned; an
  // alert keeps what else its one event shows (`facts`: severity, destination, message), so a case
  // of 10,000 alerts reads none of them again to draw its timeline.
  // No foreign key to profiles: a case outlives the connection its items came from (and an
  // imported case names connections of another workstation). A merged case stays, closed, with
  // the case it went into. Notes are the analyst's own Markdown on the case or on one event
  // (`event_key`). Kept events are a timeline brought in by an import, shown beside the live one.
  sql: `CREATE TABLE cases (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE,
    title TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'inProgress', 'resolvedTruePositive', 'resolvedFalsePositive', 'closed')),
    severity TEXT NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
    tags TEXT NOT NULL DEFAULT '[]',
    owner TEXT,
    merged_into TEXT REFERENCES cases (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX cases_by_update ON cases (updated_at DESC);
  CREATE TABLE case_items (
    case_id TEXT NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('alert', 'address', 'ticket', 'contact', 'work', 'conversation', 'block', 'allow')),
    profile_id TEXT NOT NULL DEFAULT '',
    item_id TEXT NOT NULL,
    label TEXT,
    address TEXT,
    occurred_at TEXT,
    facts TEXT,
    added_at TEXT NOT NULL,
    added_by TEXT,
    PRIMARY KEY (case_id, kind, profile_id, item_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX case_items_by_item ON case_items (kind, profile_id, item_id);
  CREATE TABLE case_notes (
    id TEXT PRIMARY KEY,
    case_id TEXT NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
    event_key TEXT,
    body TEXT NOT NULL,
    author TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX case_notes_by_case ON case_notes (case_id, created_at);
  CREATE TABLE case_kept_events (
    case_id TEXT NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    at TEXT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (case_id, key)
  ) STRICT;`,
};
