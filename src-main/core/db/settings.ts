import type { Db } from './database.ts';

/** Small JSON documents keyed by name: workspace layout, preferences. */
export class SettingsTable {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  read(key: string): unknown {
    const row = this.#db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? JSON.parse(row.value) : undefined;
  }

  write(key: string, value: unknown): void {
    this.#db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, JSON.stringify(value));
  }

  delete(key: string): void {
    this.#db.prepare('DELETE FROM settings WHERE key = ?').run(key);
  }
}
