import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 24,
  name: 'work items made from alerts',
  // The support API has no field that names an alert (docs/api-assumptions.md, "Linked items"):
  // OpsDesk keeps the link itself, stored with the outbox write that creates the work item, and
  // learns the item's id from the write's answer. Read by alert (its detail) and by work item.
  sql: `CREATE TABLE alert_work_links (
    outbox_write_id TEXT PRIMARY KEY,
    firewall_profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    alert_id TEXT NOT NULL,
    support_profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    work_id TEXT,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX alert_work_links_by_alert ON alert_work_links (firewall_profile_id, alert_id, created_at);
  CREATE INDEX alert_work_links_by_work ON alert_work_links (support_profile_id, work_id);`,
};
