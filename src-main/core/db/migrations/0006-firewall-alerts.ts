import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 6,
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
};
