import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 18,
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
};
