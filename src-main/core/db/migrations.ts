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
];
