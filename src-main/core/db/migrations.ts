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
];
