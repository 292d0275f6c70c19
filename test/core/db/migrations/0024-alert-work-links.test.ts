import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0024-alert-work-links.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 24 (alert work links) keeps a link per outbox write, read by alert, gone with either profile', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES ('s', 'support', 'Desk', 'https://y', '{}', '{}', '{}', '{}', 'now', 'now')").run();
  runMigration(db, migration);

  const link = db.prepare("INSERT INTO alert_work_links (outbox_write_id, firewall_profile_id, alert_id, support_profile_id, work_id, created_at) VALUES (?, 'a', 'alt_1', 's', ?, ?)");
  link.run('w1', null, '2026-11-25T10:00:00.000Z');
  link.run('w2', 'work_9', '2026-11-25T11:00:00.000Z');
  expect(() => link.run('w1', null, 'again')).toThrow(/UNIQUE/);
  const plan = db.prepare("EXPLAIN QUERY PLAN SELECT * FROM alert_work_links WHERE firewall_profile_id = 'a' AND alert_id = 'alt_1' ORDER BY created_at DESC").all() as { detail: string }[];
  expect(plan.map((step) => step.detail).join(' ')).toContain('alert_work_links_by_alert');

  db.prepare("DELETE FROM profiles WHERE id = 's'").run();
  expect(db.prepare('SELECT COUNT(*) AS links FROM alert_work_links').get()).toEqual({ links: 0 });
});
