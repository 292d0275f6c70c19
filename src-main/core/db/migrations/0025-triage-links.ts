import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 25,
  name: 'triage conversations and their alerts',
  // A triage is a conversation about some alerts: kept beside the conversation (gone with it), with
  // the addresses it may act on (the alerts' sources as they were when asked), the marker its verdict must carry (made when it was asked, so no alert's text can know it) and
  // the analyst's decision on one answer's verdict. The alerts stay linked by id after the cache
  // forgets them, so an alert's tab finds its conversations by (profile, alert).
  sql: `CREATE TABLE triage_conversations (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
    firewall_profile_id TEXT NOT NULL,
    address TEXT,
    source_addresses TEXT NOT NULL DEFAULT '[]',
    verdict_marker TEXT NOT NULL,
    decision TEXT CHECK (decision IN ('approved', 'dismissed')),
    decided_message_id TEXT,
    decided_at TEXT,
    blocked_ip TEXT
  ) STRICT;
  CREATE TABLE triage_alerts (
    conversation_id TEXT NOT NULL REFERENCES triage_conversations (conversation_id) ON DELETE CASCADE,
    firewall_profile_id TEXT NOT NULL,
    alert_id TEXT NOT NULL,
    PRIMARY KEY (conversation_id, alert_id)
  ) STRICT;
  CREATE INDEX triage_alerts_by_alert ON triage_alerts (firewall_profile_id, alert_id);`,
};
