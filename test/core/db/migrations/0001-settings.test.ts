import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0001-settings.ts';
import { tableNames, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 1 (settings) creates the settings table from an empty file', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  expect(tableNames(db)).toContain('settings');
});
