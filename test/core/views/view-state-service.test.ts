// What main keeps of the window's tables and alert views, read back after a restart (a new
// service over the same file), tolerant of a save an older or damaged build left.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { ViewStateService } from '../../../src-main/core/views/view-state-service.ts';
import { FakeClock } from '../../support/fake-clock.ts';

let dir: string;
let file: string;
let db: Db;
const clock = new FakeClock(Date.parse('2026-11-26T08:00:00Z'));
const deleted = new Set<string>();
const service = () => new ViewStateService(new SettingsTable(db), clock, (profileId) => !deleted.has(profileId));
const restart = () => {
  db.close();
  db = openDatabase(file);
  return service();
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-views-'));
  file = path.join(dir, 'opsdesk.sqlite');
  db = openDatabase(file);
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

test('a table layout and the density come back after a restart, each table on its own', () => {
  const views = service();
  views.saveTableLayout({ tableId: 'firewall.alerts', layout: { order: ['signature', 'severity'], hidden: ['action'], widths: { category: 188 }, detailWidth: 420 } });
  views.saveTableLayout({ tableId: 'firewall.devices', layout: { order: [], hidden: ['os'], widths: {} } });
  views.setDensity({ density: 'compact' });
  expect(restart().tableLayouts()).toEqual({
    density: 'compact',
    tables: {
      'firewall.alerts': { order: ['signature', 'severity'], hidden: ['action'], widths: { category: 188 }, detailWidth: 420 },
      'firewall.devices': { order: [], hidden: ['os'], widths: {} },
    },
  });
});

test('an alerts view keeps its filter and sort, its named filters (a name again replaces) and when it was last looked at', () => {
  const views = service();
  expect(views.alertView({ profileId: 'fw' })).toEqual({ filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, lastLookedAt: null, saved: [] });
  views.keepAlertView({ profileId: 'fw', filter: { severity: ['critical'], srcIp: '10.20.' }, sort: { field: 'srcIp', direction: 'asc' } });
  views.saveAlertFilter({ profileId: 'fw', saved: { name: 'Scans', filter: { category: ['port_scan'] } } });
  views.saveAlertFilter({ profileId: 'fw', saved: { name: 'Critical', filter: { severity: ['critical'] } } });
  views.saveAlertFilter({ profileId: 'fw', saved: { name: 'Scans', filter: { category: ['port_scan'], action: ['blocked'] } } });
  views.markAlertsLooked({ profileId: 'fw' });
  const again = restart();
  expect(again.alertView({ profileId: 'fw' })).toEqual({
    filter: { severity: ['critical'], srcIp: '10.20.' },
    sort: { field: 'srcIp', direction: 'asc' },
    lastLookedAt: '2026-11-26T08:00:00.000Z',
    saved: [
      { name: 'Critical', filter: { severity: ['critical'] } },
      { name: 'Scans', filter: { category: ['port_scan'], action: ['blocked'] } },
    ],
  });
  expect(again.deleteAlertFilter({ profileId: 'fw', name: 'Critical' }).map((saved) => saved.name)).toEqual(['Scans']);
  expect(again.alertView({ profileId: 'other' }).saved).toEqual([]);
});

test('a damaged save loses only what does not parse', () => {
  const settings = new SettingsTable(db);
  settings.write('tableLayouts', { density: 'roomy', tables: { 'firewall.alerts': { order: 'x' }, 'firewall.devices': { order: [], hidden: [], widths: { ip: 140 } } } });
  settings.write('alertView:fw', { filter: { severity: 'critical' }, sort: { field: 'srcIp', direction: 'asc' }, saved: [{ name: '' }, { name: 'Ok', filter: {} }] });
  const views = service();
  expect(views.tableLayouts()).toEqual({ density: 'comfortable', tables: { 'firewall.devices': { order: [], hidden: [], widths: { ip: 140 } } } });
  expect(views.alertView({ profileId: 'fw' })).toEqual({ filter: {}, sort: { field: 'srcIp', direction: 'asc' }, lastLookedAt: null, saved: [{ name: 'Ok', filter: {} }] });
});

test('each view keeps its filters per connection; a deleted connection takes its views, named filters included, with it', () => {
  const views = service();
  views.keepViewFilter({ profileId: 'fw', viewId: 'firewall.blocklist', filter: { search: '203.0.113.' } });
  views.keepViewFilter({ profileId: 'fw', viewId: 'firewall.logs', filter: { text: 'ssh', timePreset: '7d', srcIp: '' } });
  views.keepViewFilter({ profileId: 'fw', viewId: 'firewall.blocklist', filter: { search: '198.51.' } });
  views.keepViewFilter({ profileId: 'desk', viewId: 'support.inbox', filter: { status: 'open', unreadOnly: true, text: '' } });
  views.saveAlertFilter({ profileId: 'fw', saved: { name: 'Scans', filter: { category: ['port_scan'] } } });
  const again = restart();
  expect(again.viewFilters({ profileId: 'fw' })).toEqual({ 'firewall.blocklist': { search: '198.51.' }, 'firewall.logs': { text: 'ssh', timePreset: '7d', srcIp: '' } });
  expect(again.viewFilters({ profileId: 'desk' })).toEqual({ 'support.inbox': { status: 'open', unreadOnly: true, text: '' } });

  deleted.add('fw');
  again.forgetProfile('fw');
  // A save the window sent before it heard of the deletion is not kept either.
  again.keepViewFilter({ profileId: 'fw', viewId: 'firewall.devices', filter: { text: 'x' } });
  again.keepAlertView({ profileId: 'fw', filter: {}, sort: { field: 'occurredAt', direction: 'desc' } });
  const after = restart();
  expect(after.viewFilters({ profileId: 'fw' })).toEqual({});
  expect(after.alertView({ profileId: 'fw' }).saved).toEqual([]);
  expect(after.viewFilters({ profileId: 'desk' })).toEqual({ 'support.inbox': { status: 'open', unreadOnly: true, text: '' } });
  deleted.clear();
});
