import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0030-work-items-from-many-alerts.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 30 (work items from many alerts) keeps every link and lets one write link many alerts, each once', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES ('s', 'support', 'Desk', 'https://y', '{}', '{}', '{}', '{}', 'now', 'now')").run();
  const link = db.prepare("INSERT INTO alert_work_links (outbox_write_id, firewall_profile_id, alert_id, support_profile_id, work_id, created_at) VALUES (?, 'a', ?, 's', ?, ?)");
  link.run('w1', 'alt_1', 'work_9', '2026-11-25T10:00:00.000Z');
  runMigration(db, migration);

  expect(db.prepare('SELECT outbox_write_id, alert_id, work_id FROM alert_work_links').all()).toEqual([{ outbox_write_id: 'w1', alert_id: 'alt_1', work_id: 'work_9' }]);
  link.run('w2', 'alt_1', null, '2026-11-25T11:00:00.000Z');
  link.run('w2', 'alt_2', null, '2026-11-25T11:00:00.000Z');
  expect(() => link.run('w2', 'alt_2', null, 'again')).toThrow(/UNIQUE/);
  const plan = db.prepare("EXPLAIN QUERY PLAN SELECT * FROM alert_work_links WHERE firewall_profile_id = 'a' AND alert_id = 'alt_1' ORDER BY created_at DESC").all() as { detail: string }[];
  expect(plan.map((step) => step.detail).join(' ')).toContain('alert_work_links_by_alert');

  db.prepare("DELETE FROM profiles WHERE id = 's'").run();
  expect(db.prepare('SELECT COUNT(*) AS links FROM alert_work_links').get()).toEqual({ links: 0 });
});
