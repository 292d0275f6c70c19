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
];
