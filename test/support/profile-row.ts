// A profile written straight into the database, as a repository test or a bench cache needs one
// (the rows it keys must have their profile); valid for the app, which may read it back.
import type { Db } from '../../src-main/core/db/database.ts';

const SETTINGS = {
  firewall: { baseUrl: 'https://fw.example:9443', settings: { rateLimit: { requests: 600, windowSeconds: 60 } } },
  support: { baseUrl: 'https://support.example:9443', settings: { site: 'site-main', ratePerMinute: 60 } },
} as const;

export function insertProfileRow(db: Db, id: string, service: keyof typeof SETTINGS, name = id): void {
  const { baseUrl, settings } = SETTINGS[service];
  db.prepare(
    `INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at)
     VALUES (?, ?, ?, ?, '{"mode":"system"}', '{}', '{"mode":"none"}', ?, 'now', 'now')`,
  ).run(id, service, name, baseUrl, JSON.stringify(settings));
}
