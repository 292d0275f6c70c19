import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 20,
  name: 'firewall alerts full-text index filled after the rows',
  // Indexing the words of every page a backfill stores was about 15 % of the database worker's
  // work, the part of a sync that keeps it behind the network: the rows go in first, and the
  // words of every row above indexed_through follow after the walk or when the worker is left
  // alone (a search reads those rows directly meanwhile). A new row's rowid is one above the
  // highest, so when deletes take the highest rows the mark comes down with them, and a row
  // taking a freed rowid is still one to index.
  sql: `CREATE TABLE firewall_alerts_fts_progress (indexed_through INTEGER NOT NULL) STRICT;
  INSERT INTO firewall_alerts_fts_progress (indexed_through) SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts;
  DROP TRIGGER firewall_alerts_fts_delete;
  CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
    INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
      SELECT 'delete', old.rowid, old.signature, old.message, old.category, old.src_ip, old.dst_ip
      WHERE old.rowid <= (SELECT indexed_through FROM firewall_alerts_fts_progress);
    UPDATE firewall_alerts_fts_progress SET indexed_through = (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts)
      WHERE indexed_through > (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts);
  END;`,
};
