import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 30,
  name: 'work items made from many alerts',
  // Issue 30: one work item may be made from many selected alerts; each of them lists it. The link
  // is keyed by the write and the alert instead of the write alone (a table's key cannot be changed
  // in place in SQLite, so the table is built again with its rows).
  sql: `CREATE TABLE alert_work_links_keyed (
    outbox_write_id TEXT NOT NULL,
    firewall_profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    alert_id TEXT NOT NULL,
    support_profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    work_id TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (outbox_write_id, alert_id)
  ) STRICT;
  INSERT INTO alert_work_links_keyed SELECT outbox_write_id, firewall_profile_id, alert_id, support_profile_id, work_id, created_at FROM alert_work_links;
  DROP TABLE alert_work_links;
  ALTER TABLE alert_work_links_keyed RENAME TO alert_work_links;
  CREATE INDEX alert_work_links_by_alert ON alert_work_links (firewall_profile_id, alert_id, created_at);
  CREATE INDEX alert_work_links_by_work ON alert_work_links (support_profile_id, work_id);`,
};
