export interface Migration {
  name: string;
  sql: string;
}

/** Append only: the position of a migration is its schema version. */
export const migrations: Migration[] = [
  {
    name: 'settings',
    sql: `CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;`,
  },
  {
    name: 'profiles',
    // No key column: keys live only in the OS keychain. key_hint is the masked prefix the UI shows.
    sql: `CREATE TABLE profiles (
      id TEXT PRIMARY KEY,
      service TEXT NOT NULL CHECK (service IN ('gateway', 'support', 'firewall')),
      name TEXT NOT NULL,
      base_url TEXT NOT NULL,
      trust TEXT NOT NULL,
      timeouts TEXT NOT NULL,
      proxy TEXT NOT NULL,
      settings TEXT NOT NULL,
      key_hint TEXT,
      live INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (service, name)
    ) STRICT;`,
  },
  {
    name: 'connection health',
    // Only when a back end last answered is kept across restarts; whether it answers now is learnt anew.
    sql: `CREATE TABLE connection_health (
      profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
      last_reached_at TEXT NOT NULL
    ) STRICT;`,
  },
  {
    name: 'firewall log queries',
    // The log searches an analyst ran, per profile, to run again; the query is the form's JSON.
    sql: `CREATE TABLE firewall_log_queries (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      query TEXT NOT NULL,
      used_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, query)
    ) STRICT;`,
  },
  {
    name: 'sync state',
    // One row per profile and synced resource. A walk of the appliance's pages is numbered; rows a
    // walk stores carry its number, and only rows of a completed walk (walk <= settled_walk) count
    // as "already had", so a walk cut short by a crash resumes at next_page instead of stopping early.
    sql: `CREATE TABLE sync_state (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      resource TEXT NOT NULL,
      settled_walk INTEGER NOT NULL DEFAULT 0,
      walk INTEGER,
      next_page INTEGER,
      walk_total INTEGER,
      walk_fetched INTEGER NOT NULL DEFAULT 0,
      walk_head_ids TEXT NOT NULL DEFAULT '[]',
      head_ids TEXT NOT NULL DEFAULT '[]',
      last_synced_at TEXT,
      PRIMARY KEY (profile_id, resource)
    ) STRICT;`,
  },
  {
    name: 'firewall alerts',
    // Fields without a column (a real appliance sends more than ours) stay in `other` as JSON; the
    // detail's own fields in `detail`. FTS5 over the text columns, kept in step by triggers; one
    // index per sortable column so a filter or sort stays fast at a million rows.
    sql: `CREATE TABLE firewall_alerts (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      walk INTEGER NOT NULL,
      severity TEXT,
      severity_rank INTEGER NOT NULL,
      occurred_ms INTEGER,
      category TEXT,
      action TEXT,
      src_ip TEXT,
      src_port INTEGER,
      dst_ip TEXT,
      dst_port INTEGER,
      protocol TEXT,
      signature TEXT,
      message TEXT,
      device_id TEXT,
      other TEXT,
      detail TEXT,
      UNIQUE (profile_id, id)
    ) STRICT;
    CREATE INDEX firewall_alerts_by_time ON firewall_alerts (profile_id, occurred_ms);
    CREATE INDEX firewall_alerts_by_severity ON firewall_alerts (profile_id, severity_rank, occurred_ms);
    CREATE INDEX firewall_alerts_by_category ON firewall_alerts (profile_id, category, occurred_ms);
    CREATE INDEX firewall_alerts_by_action ON firewall_alerts (profile_id, action, occurred_ms);
    CREATE INDEX firewall_alerts_by_source ON firewall_alerts (profile_id, src_ip);
    CREATE INDEX firewall_alerts_by_destination ON firewall_alerts (profile_id, dst_ip);
    CREATE INDEX firewall_alerts_by_signature ON firewall_alerts (profile_id, signature);
    CREATE VIRTUAL TABLE firewall_alerts_fts USING fts5(
      signature, message, category, src_ip, dst_ip, content = 'firewall_alerts', content_rowid = 'rowid'
    );
    CREATE TRIGGER firewall_alerts_fts_insert AFTER INSERT ON firewall_alerts BEGIN
      INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip)
      VALUES (new.rowid, new.signature, new.message, new.category, new.src_ip, new.dst_ip);
    END;
    CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
      INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
      VALUES ('delete', old.rowid, old.signature, old.message, old.category, old.src_ip, old.dst_ip);
    END;`,
  },
  {
    name: 'firewall block list',
    sql: `CREATE TABLE firewall_blocklist (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      ip TEXT NOT NULL,
      reason TEXT,
      duration_seconds INTEGER,
      source TEXT,
      created_at TEXT,
      expires_at TEXT,
      other TEXT,
      PRIMARY KEY (profile_id, id)
    ) STRICT;
    CREATE INDEX firewall_blocklist_by_ip ON firewall_blocklist (profile_id, ip);`,
  },
  {
    name: 'notifications',
    // group_key: a burst of the same kind joins the newest unread entry with the same key.
    sql: `CREATE TABLE notifications (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      count INTEGER NOT NULL DEFAULT 1,
      created_at TEXT NOT NULL,
      read INTEGER NOT NULL DEFAULT 0,
      profile_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
      target TEXT,
      group_key TEXT
    ) STRICT;
    CREATE INDEX notifications_by_time ON notifications (created_at);`,
  },
  {
    name: 'webhook events',
    // The appliance may deliver an event twice (firewall.md, part 6): ids seen are kept across restarts.
    sql: `CREATE TABLE webhook_events (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      event_id TEXT NOT NULL,
      received_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, event_id)
    ) STRICT;`,
  },
  {
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
  },
  {
    name: 'gateway call log',
    // The local mirror of the gateway console's call log: what was asked and how it went, never a body or a key.
    sql: `CREATE TABLE gateway_calls (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      model TEXT,
      status INTEGER,
      outcome TEXT NOT NULL,
      latency_ms INTEGER NOT NULL,
      prompt_tokens INTEGER,
      completion_tokens INTEGER,
      total_tokens INTEGER
    ) STRICT;
    CREATE INDEX gateway_calls_by_time ON gateway_calls (at DESC);`,
  },
  {
    name: 'outbox',
    // Every write the user makes, stored with its Idempotency-Key before it leaves, until it is sent
    // or given up. The body is kept only while the write may still go out.
    sql: `CREATE TABLE outbox_writes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      service TEXT NOT NULL CHECK (service IN ('support', 'firewall')),
      object_key TEXT NOT NULL,
      action TEXT NOT NULL,
      request TEXT,
      idempotency_key TEXT NOT NULL UNIQUE,
      state TEXT NOT NULL CHECK (state IN ('sending', 'queued', 'failed', 'sent', 'discarded')),
      error TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER,
      response TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX outbox_writes_unfinished ON outbox_writes (profile_id, object_key, seq) WHERE state IN ('sending', 'queued', 'failed');`,
  },
  {
    name: 'support tickets',
    // The inbox's cache (issue 11): a column per field the inbox filters or sorts on, the rest as JSON.
    // The status is any word the server sends. activity_at orders the inbox (the last message, else the ticket's times).
    sql: `CREATE TABLE support_tickets (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      status TEXT NOT NULL,
      subject TEXT,
      channel TEXT,
      offline INTEGER NOT NULL DEFAULT 0,
      visitor_name TEXT,
      visitor_email TEXT,
      contact_id TEXT,
      message_count INTEGER,
      created_at TEXT,
      updated_at TEXT,
      closed_at TEXT,
      close_note TEXT,
      last_message TEXT,
      messages TEXT,
      other TEXT NOT NULL DEFAULT '{}',
      activity_at TEXT NOT NULL,
      unread INTEGER NOT NULL DEFAULT 0,
      synced_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, id)
    ) STRICT;
    CREATE INDEX support_tickets_by_activity ON support_tickets (profile_id, activity_at DESC, id DESC);
    CREATE INDEX support_tickets_by_status ON support_tickets (profile_id, status, activity_at DESC, id DESC);`,
  },
  {
    name: 'support contacts',
    // Phones only as the server masked them: an unmasked number is shown on request and never stored.
    sql: `CREATE TABLE support_contacts (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      name TEXT,
      email TEXT,
      phone TEXT,
      company TEXT,
      status TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      follow_count INTEGER,
      created_at TEXT,
      updated_at TEXT,
      follows TEXT,
      other TEXT NOT NULL DEFAULT '{}',
      activity_at TEXT NOT NULL,
      synced_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, id)
    ) STRICT;
    CREATE INDEX support_contacts_by_activity ON support_contacts (profile_id, activity_at DESC, id DESC);
    CREATE INDEX support_contacts_by_status ON support_contacts (profile_id, status, activity_at DESC, id DESC);`,
  },
  {
    name: 'support work items',
    sql: `CREATE TABLE support_work_items (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      title TEXT,
      description TEXT,
      status TEXT NOT NULL,
      priority TEXT,
      contact_id TEXT,
      ticket_id TEXT,
      assignee TEXT,
      follow_count INTEGER,
      created_at TEXT,
      updated_at TEXT,
      follows TEXT,
      other TEXT NOT NULL DEFAULT '{}',
      activity_at TEXT NOT NULL,
      synced_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, id)
    ) STRICT;
    CREATE INDEX support_work_items_by_activity ON support_work_items (profile_id, activity_at DESC, id DESC);
    CREATE INDEX support_work_items_by_status ON support_work_items (profile_id, status, activity_at DESC, id DESC);`,
  },
  {
    name: 'firewall alert counts, address and signature sorts by time, full-text index fed per page',
    // The alerts view's totals and filter pickers read these counts (per severity, category and
    // action, kept by triggers), so they cost the same at a million cached alerts as at a thousand.
    // The address and signature indexes now carry the time: an address filter's newest-first page
    // and the ties of those sorts are read off the index instead of sorting every match. The walk's
    // index finds what a sync added (its notification) without reading every cached alert.
    // The full-text index keeps neither the text (the table has it) nor word positions (the view
    // searches words and prefixes, never phrases), and is fed by the repository once per stored
    // page instead of a trigger per row; a row it never held is deleted from it harmlessly.
    sql: `CREATE TABLE firewall_alert_counts (
      profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      severity TEXT,
      category TEXT,
      action TEXT,
      alerts INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX firewall_alert_counts_by_group ON firewall_alert_counts (profile_id, severity, category, action);
    INSERT INTO firewall_alert_counts (profile_id, severity, category, action, alerts)
      SELECT profile_id, severity, category, action, COUNT(*) FROM firewall_alerts GROUP BY profile_id, severity, category, action;
    CREATE TRIGGER firewall_alert_counts_insert AFTER INSERT ON firewall_alerts BEGIN
      UPDATE firewall_alert_counts SET alerts = alerts + 1
        WHERE profile_id = new.profile_id AND severity IS new.severity AND category IS new.category AND action IS new.action;
      INSERT INTO firewall_alert_counts (profile_id, severity, category, action, alerts)
        SELECT new.profile_id, new.severity, new.category, new.action, 1 WHERE changes() = 0;
    END;
    CREATE TRIGGER firewall_alert_counts_delete AFTER DELETE ON firewall_alerts BEGIN
      UPDATE firewall_alert_counts SET alerts = alerts - 1
        WHERE profile_id = old.profile_id AND severity IS old.severity AND category IS old.category AND action IS old.action;
    END;
    DROP INDEX IF EXISTS firewall_alerts_by_source;
    DROP INDEX IF EXISTS firewall_alerts_by_destination;
    DROP INDEX IF EXISTS firewall_alerts_by_signature;
    CREATE INDEX firewall_alerts_by_source ON firewall_alerts (profile_id, src_ip, occurred_ms);
    CREATE INDEX firewall_alerts_by_destination ON firewall_alerts (profile_id, dst_ip, occurred_ms);
    CREATE INDEX firewall_alerts_by_signature ON firewall_alerts (profile_id, signature, occurred_ms);
    CREATE INDEX firewall_alerts_by_walk ON firewall_alerts (profile_id, walk);
    DROP TRIGGER firewall_alerts_fts_insert;
    DROP TRIGGER firewall_alerts_fts_delete;
    DROP TABLE firewall_alerts_fts;
    CREATE VIRTUAL TABLE firewall_alerts_fts USING fts5(
      signature, message, category, src_ip, dst_ip, content = '', contentless_delete = 1, detail = none
    );
    INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip)
      SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts;
    CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
      DELETE FROM firewall_alerts_fts WHERE rowid = old.rowid;
    END;`,
  },
  {
    name: 'sync state: full re-walks',
    // A walk normally stops at the first item it already has; now and then one goes through the
    // whole window, for items a real appliance lists mid-list (late arrivals, clock skew).
    sql: `ALTER TABLE sync_state ADD COLUMN walk_full INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sync_state ADD COLUMN last_full_walk_at TEXT;`,
  },
  {
    name: 'firewall alerts keyed by a number per profile, counts kept by the repository',
    // Every row and every sort index began with the profile's 36-character id; a small number in
    // its place makes each index entry a third the size, and the index builds after a backfill and
    // every page stored cheaper (docs/architecture.md, "Firewall cache"). Rowids stay, so the
    // full-text index still points at its rows. The repository adds what it stores to the counts,
    // a statement per group instead of a trigger per row; rows leave them by trigger.
    sql: `CREATE TABLE firewall_profile_keys (
      key INTEGER PRIMARY KEY,
      profile_id TEXT NOT NULL UNIQUE REFERENCES profiles (id) ON DELETE CASCADE
    ) STRICT;
    INSERT INTO firewall_profile_keys (profile_id) SELECT DISTINCT profile_id FROM firewall_alerts;
    CREATE TABLE firewall_alerts_keyed (
      profile_key INTEGER NOT NULL REFERENCES firewall_profile_keys (key) ON DELETE CASCADE,
      id TEXT NOT NULL,
      walk INTEGER NOT NULL,
      severity TEXT,
      severity_rank INTEGER NOT NULL,
      occurred_ms INTEGER,
      category TEXT,
      action TEXT,
      src_ip TEXT,
      src_port INTEGER,
      dst_ip TEXT,
      dst_port INTEGER,
      protocol TEXT,
      signature TEXT,
      message TEXT,
      device_id TEXT,
      other TEXT,
      detail TEXT,
      UNIQUE (profile_key, id)
    ) STRICT;
    INSERT INTO firewall_alerts_keyed (rowid, profile_key, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, src_port,
        dst_ip, dst_port, protocol, signature, message, device_id, other, detail)
      SELECT a.rowid, k.key, a.id, a.walk, a.severity, a.severity_rank, a.occurred_ms, a.category, a.action, a.src_ip, a.src_port,
        a.dst_ip, a.dst_port, a.protocol, a.signature, a.message, a.device_id, a.other, a.detail
      FROM firewall_alerts a JOIN firewall_profile_keys k USING (profile_id);
    DROP TABLE firewall_alerts;
    ALTER TABLE firewall_alerts_keyed RENAME TO firewall_alerts;
    CREATE INDEX firewall_alerts_by_walk ON firewall_alerts (profile_key, walk);
    CREATE INDEX firewall_alerts_by_time ON firewall_alerts (profile_key, occurred_ms);
    CREATE INDEX firewall_alerts_by_severity ON firewall_alerts (profile_key, severity_rank, occurred_ms);
    CREATE INDEX firewall_alerts_by_category ON firewall_alerts (profile_key, category, occurred_ms);
    CREATE INDEX firewall_alerts_by_action ON firewall_alerts (profile_key, action, occurred_ms);
    CREATE INDEX firewall_alerts_by_source ON firewall_alerts (profile_key, src_ip, occurred_ms);
    CREATE INDEX firewall_alerts_by_destination ON firewall_alerts (profile_key, dst_ip, occurred_ms);
    CREATE INDEX firewall_alerts_by_signature ON firewall_alerts (profile_key, signature, occurred_ms);
    CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
      DELETE FROM firewall_alerts_fts WHERE rowid = old.rowid;
    END;
    CREATE TABLE firewall_alert_counts_keyed (
      profile_key INTEGER NOT NULL REFERENCES firewall_profile_keys (key) ON DELETE CASCADE,
      severity TEXT,
      category TEXT,
      action TEXT,
      alerts INTEGER NOT NULL
    ) STRICT;
    INSERT INTO firewall_alert_counts_keyed (profile_key, severity, category, action, alerts)
      SELECT k.key, c.severity, c.category, c.action, c.alerts FROM firewall_alert_counts c JOIN firewall_profile_keys k USING (profile_id);
    DROP TABLE firewall_alert_counts;
    ALTER TABLE firewall_alert_counts_keyed RENAME TO firewall_alert_counts;
    CREATE INDEX firewall_alert_counts_by_group ON firewall_alert_counts (profile_key, severity, category, action);
    CREATE TRIGGER firewall_alert_counts_delete AFTER DELETE ON firewall_alerts BEGIN
      UPDATE firewall_alert_counts SET alerts = alerts - 1
        WHERE profile_key = old.profile_key AND severity IS old.severity AND category IS old.category AND action IS old.action;
    END;`,
  },
  {
    name: 'firewall alerts full-text index without per-row sizes',
    // The index kept each row's word count per column, a row in a table of its own for every
    // alert stored, for ranking, which the view never does: storing a backfill costs about 5 %
    // less without it. FTS5 then forgets a row only when told its words, which a row's text
    // columns keep (nothing changes them after the insert).
    sql: `DROP TRIGGER firewall_alerts_fts_delete;
    DROP TABLE firewall_alerts_fts;
    CREATE VIRTUAL TABLE firewall_alerts_fts USING fts5(
      signature, message, category, src_ip, dst_ip, content = '', detail = none, columnsize = 0
    );
    INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip)
      SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts;
    CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
      INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
        VALUES ('delete', old.rowid, old.signature, old.message, old.category, old.src_ip, old.dst_ip);
    END;`,
  },
  {
    name: 'firewall alerts full-text index filled after the rows',
    // Indexing the words of every page a backfill stores was about 15 % of the database worker's
    // work, the part of a sync that keeps it behind the network: the rows go in first, and the
    // words of every row above indexed_through follow after the walk or when the worker is left
    // alone (a search reads those rows directly meanwhile). A new row's rowid is one above the
    // highest, so when deletes take the highest rows the mark comes down with them, and a row
    // taking a freed rowid is still one to index.
    sql: `CREATE TABLE firewall_alerts_fts_progress (indexed_through INTEGER NOT NULL) STRICT;
    INSERT INTO firewall_alerts_fts_progress (indexed_through) SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts;
    DROP TRIGGER firewall_alerts_fts_delete;
    CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
      INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
        SELECT 'delete', old.rowid, old.signature, old.message, old.category, old.src_ip, old.dst_ip
        WHERE old.rowid <= (SELECT indexed_through FROM firewall_alerts_fts_progress);
      UPDATE firewall_alerts_fts_progress SET indexed_through = (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts)
        WHERE indexed_through > (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts);
    END;`,
  },
];
