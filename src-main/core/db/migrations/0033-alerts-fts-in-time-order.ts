import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 33,
  name: 'firewall alerts full-text index in time order, with prefixes',
  // The index gave a word's matches in the order the rows were stored, so the view's newest-first
  // page of a common word sorted every match (a third of a million-alert cache). Each alert now
  // enters the index under its search key, its time then the order stored (the repository's
  // SEARCH_KEY), so the index hands its matches newest first and a page stops after its rows; the
  // prefixes of one to three characters, what a search holds after its first keys, get their own
  // entries. The new index starts empty: the database worker takes the alerts in again a batch at
  // a time (a search reads the rows it has not reached directly meanwhile), so the app never waits
  // for a million rows here. Longer prefixes FTS5 answers by merging every matching word's whole
  // list first (a third of a second for a word in a third of a million alerts): the words the
  // index holds are listed in firewall_alerts_terms, so a search asks for those words themselves,
  // whose lists it reads only as far as the page. A word stays listed after its alerts are gone:
  // it only adds an empty list to a search.
  sql: `ALTER TABLE firewall_alerts ADD COLUMN search_key INTEGER;
  CREATE UNIQUE INDEX firewall_alerts_by_search_key ON firewall_alerts (search_key) WHERE search_key IS NOT NULL;
  DROP TRIGGER firewall_alerts_fts_delete;
  DROP TABLE firewall_alerts_fts;
  CREATE VIRTUAL TABLE firewall_alerts_fts USING fts5(
    signature, message, category, src_ip, dst_ip, content = '', detail = none, columnsize = 0, prefix = '1 2 3'
  );
  CREATE TABLE firewall_alerts_terms (term TEXT PRIMARY KEY) WITHOUT ROWID, STRICT;
  UPDATE firewall_alerts_fts_progress SET indexed_through = 0;
  CREATE TRIGGER firewall_alerts_fts_delete AFTER DELETE ON firewall_alerts BEGIN
    INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
      SELECT 'delete', old.search_key, old.signature, old.message, old.category, old.src_ip, old.dst_ip
      WHERE old.rowid <= (SELECT indexed_through FROM firewall_alerts_fts_progress);
    UPDATE firewall_alerts_fts_progress SET indexed_through = (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts)
      WHERE indexed_through > (SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts);
  END;`,
};
