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
];
