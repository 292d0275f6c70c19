// A firewall cache of any size built with SQL (no HTTP): rows shaped like the simulator's alerts,
// written through the same table, counts, full-text index and indexes the app uses, the search
// index caught up.
import type { Db } from '../../src-main/core/db/database.ts';
import { AlertRepository } from '../../src-main/core/firewall/alerts/alert-repository.ts';
import { insertProfileRow } from './profile-row.ts';

export function fillAlertCache(db: Db, profileId: string, rows: number, nowMs: number): void {
  insertProfileRow(db, profileId, 'firewall', `Bench ${profileId}`);
  const key = db.prepare('INSERT INTO firewall_profile_keys (profile_id) VALUES (?) RETURNING key').pluck().get(profileId);
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @rows)
     INSERT INTO firewall_alerts (profile_key, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, src_port,
       dst_ip, dst_port, protocol, signature, message, device_id)
     SELECT @key, printf('alt_%08d', i), 1,
       CASE i % 4 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' WHEN 2 THEN 'high' ELSE 'critical' END, i % 4 + 1,
       @nowMs - (@rows - i) * 2000,
       CASE i % 5 WHEN 0 THEN 'port_scan' WHEN 1 THEN 'brute_force' WHEN 2 THEN 'malware_callback' WHEN 3 THEN 'web_attack' ELSE 'dos' END,
       CASE i % 3 WHEN 0 THEN 'detected' ELSE 'blocked' END,
       printf('%d.%d.%d.%d', 1 + (i * 7) % 223, (i * 13) % 256, (i * 17) % 256, 1 + i % 254), 1024 + i % 60000,
       printf('10.20.%d.%d', i % 16, 2 + i % 250), CASE i % 4 WHEN 0 THEN 22 WHEN 1 THEN 80 WHEN 2 THEN 443 ELSE 3389 END, 'tcp',
       printf('ET RULE %d suspicious %s', i % 400, CASE i % 3 WHEN 0 THEN 'login' WHEN 1 THEN 'probe' ELSE 'beacon' END),
       printf('Signature hit %d from source to port %d', i % 400, i % 1000), NULL
     FROM n`,
  ).run({ rows, key, nowMs });
  db.prepare('UPDATE firewall_alerts SET src_ip_key = address_sort_key(src_ip), dst_ip_key = address_sort_key(dst_ip) WHERE profile_key = ?').run(key);
  db.prepare(
    `INSERT INTO firewall_alert_counts (profile_key, severity, category, action, alerts)
     SELECT profile_key, severity, category, action, COUNT(*) FROM firewall_alerts WHERE profile_key = ? GROUP BY severity, category, action`,
  ).run(key);
  const repository = new AlertRepository(db);
  while (repository.indexText(rows)) continue;
}
