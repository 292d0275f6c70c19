import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 16,
  name: 'firewall alert counts, address and signature sorts by time, full-text index fed per page',
  // The alerts view's totals and filter pickers read these counts (per severity, category and
  // action, kept by triggers), so they cost the same at a million cached alerts as at a thousand.
  // The address and signature indexes now carry the time: an address filter's newest-first page
  // and the ties of those sorts are read off the index instead of sorting every match. The walk's
  // index finds what a sync added (its notification) without reading every cached alert.
  // The full-text index keeps neither the text (the table has it) nor word positions (the view
  // searches words and prefixes, never phrases), and is fed by the repository once per stored
  // page instead of a trigger per row; a row it never held is deleted from it harmlessly.
  sql: `CREATE TABLE firewall_alert_counts (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    severity TEXT,
    category TEXT,
    action TEXT,
    alerts INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX firewall_alert_counts_by_group ON firewall_alert_counts (profile_id, severity, category, action);
  INSERT INTO firewall_alert_counts (profile_id, severity, category, action, alerts)
    SELECT profile_id, severity, category, action, COUNT(*) FROM firewall_alerts GROUP BY profile_id, severity, category, action;
  CREATE TRIGGER firewall_alert_counts_insert AFTER INSERT ON firewall_alerts BEGIN
    UPDATE firewall_alert_counts SET alerts = alerts + 1
      WHERE profile_id = new.profile_id AND severity IS new.severity AND category IS new.category AND action IS new.action;
    INSERT INTO firewall_alert_counts (profile_id, severity, category, action, alerts)
      SELECT new.profile_id, new.severity, new.category, new.action, 1 WHERE changes() = 0;
  END;
  CREATE TRIGGER firewall_alert_counts_delete AFTER DELETE ON firewall_alerts BEGIN
    UPDATE firewall_alert_counts SET alerts = alerts - 1
      WHERE profile_id = old.profile_id AND severity IS old.severity AND category IS old.category AND action IS old.action;
  END;
  DROP INDEX IF EXISTS firewall_alerts_by_source;
  DROP INDEX IF EXISTS firewall_alerts_by_destination;
  DROP INDEX IF EXISTS firewall_alerts_by_signature;
  CREATE INDEX firewall_alerts_by_source ON firewall_alerts (profile_id, src_ip, occurred_ms);
  CREATE INDEX firewall_alerts_by_destination ON firewall_alerts (profile_id, dst_ip, occurred_ms);
  CREATE INDEX firewall_alerts_by_signature ON firewall_alerts (profile_id, signature, occurred_ms);
  CREATE INDEX firewall_alerts_by_walk ON firewall_alerts (profile_id, walk);
  DROP TRIGGER firewall_alerts_fts_insert;
  DROP TRIGGER firewall_alerts_fts_delete;
  DROP TABLE firewall_alerts_fts;
  CREATE VIRTUAL TABLE firewall_alerts_fts USING fts5(
    signature, message, category, src_ip, dst_ip, content = '', contentless_delete = 1, detail = none
  );
  INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip)
    SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts;
  CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
    DELETE FROM firewall_alerts_fts WHERE rowid = old.rowid;
  END;`,
};
