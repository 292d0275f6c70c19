// The alerts view reads only the cache: filters, full-text search, filter in / out from a cell,
// sort, paging, the detail (the appliance's, or the cached copy while it is out of reach), and the CSV export.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertRepository } from '../../../src-main/core/firewall/alerts/alert-repository.ts';
import { packAlert } from '../../../src-main/core/firewall/alerts/alert-wire.ts';
import { neutraliseCell } from '../../../src-main/core/csv-cell.ts';
import type { AlertQuery, AlertRow, ExportProgress } from '../../../src-shared/contract/firewall.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, openWorkspace, type Workspace } from './firewall-fixture.ts';
import { expectEach, expectNone } from '../../support/expect-each.ts';
import { compareAddresses } from '../../../src-shared/address-sort-key.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;
let profileId: string;
let all: AlertRow[];

async function rows(query: Omit<AlertQuery, 'profileId'>): Promise<{ rows: AlertRow[]; total: number }> {
  const result = await workspace.api.firewall.alerts({ profileId, limit: 1000, ...query });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 900, clock });
  workspace = await openWorkspace(clock);
  profileId = await addFirewallProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(profileId));
  all = (await rows({})).rows;
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

describe('alerts from the cache', () => {
  it('lists newest first by default and pages with offset and limit', async () => {
    expect(all).toHaveLength(900);
    const times = all.map((row) => row.occurredAt!);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await rows({ offset: 100, limit: 50 });
    expect(page.total).toBe(900);
    expect(page.rows.map((row) => row.id)).toEqual(all.slice(100, 150).map((row) => row.id));
  });

  it('filters by severity, category, action, addresses and time, each as the user expects', async () => {
    const high = await rows({ filter: { severity: ['high', 'critical'] } });
    expect(high.total).toBe(all.filter((row) => row.severity === 'high' || row.severity === 'critical').length);
    const category = all[0]!.category!;
    const action = all[0]!.action!;
    const both = await rows({ filter: { category: [category], action: [action] } });
    expect(both.rows.map((row) => row.id)).toEqual(all.filter((row) => row.category === category && row.action === action).map((row) => row.id));
    const source = all[3]!.srcIp!;
    const prefix = source.split('.').slice(0, 2).join('.') + '.';
    expectEach((await rows({ filter: { srcIp: source } })).rows, (row) => row.srcIp === source, `come from ${source}`);
    expect((await rows({ filter: { srcIp: prefix } })).total).toBe(all.filter((row) => row.srcIp!.startsWith(prefix)).length);
    const since = all[200]!.occurredAt!;
    const until = all[100]!.occurredAt!;
    expect((await rows({ filter: { since, until } })).rows.map((row) => row.id)).toEqual(all.slice(101, 201).map((row) => row.id));
  });

  it('searches the text of signature, message and addresses, and survives any input', async () => {
    const word = all[5]!.signature!.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part))!;
    const found = await rows({ filter: { text: word.toLowerCase().slice(0, -1) } });
    expect(found.total).toBeGreaterThan(0);
    expectEach(found.rows, (row) => `${row.signature} ${row.message} ${row.category}`.toLowerCase().includes(word.toLowerCase().slice(0, -1)), `mention ${word.toLowerCase().slice(0, -1)}`);
    for (const text of ['"', 'NEAR(', '*', 'a OR', '") OR 1=1 --', '<script>', '∑']) {
      const result = await workspace.api.firewall.alerts({ profileId, filter: { text } });
      expect(result.ok).toBe(true);
    }
  });

  it('filters in and out from a cell, and sorts by any indexed column both ways', async () => {
    const category = all[0]!.category!;
    const inside = await rows({ filter: { cells: [{ field: 'category', value: category, mode: 'in' }] } });
    const outside = await rows({ filter: { cells: [{ field: 'category', value: category, mode: 'out' }] } });
    expect(inside.total + outside.total).toBe(900);
    expectNone(outside.rows, (row) => row.category === category, `have category ${category}`);
    const port = all[0]!.dstPort!;
    expectEach((await rows({ filter: { cells: [{ field: 'dstPort', value: String(port), mode: 'in' }] } })).rows, (row) => row.dstPort === port, `go to port ${port}`);
    const rank = ['low', 'medium', 'high', 'critical'];
    const bySeverity = (await rows({ sort: { field: 'severity', direction: 'desc' } })).rows.map((row) => rank.indexOf(row.severity!));
    expect(bySeverity).toEqual([...bySeverity].sort((a, b) => b - a));
  });

  it('sorts addresses as numbers in SQL, both ways, and pages through that order', async () => {
    for (const field of ['srcIp', 'dstIp'] as const) {
      const ascending = (await rows({ sort: { field, direction: 'asc' } })).rows.map((row) => row[field]);
      expect(ascending).toEqual([...ascending].sort(compareAddresses));
      expect(new Set(ascending).size, `distinct ${field}s to order`).toBeGreaterThan(10);
      const descending = (await rows({ sort: { field, direction: 'desc' } })).rows.map((row) => row[field]);
      expect(descending).toEqual([...ascending].sort(compareAddresses).reverse());
    }
    // Text order would put 100.x before 20.x and 9.x: the simulator's sources span one to three digits.
    const firsts = (await rows({ sort: { field: 'srcIp', direction: 'asc' } })).rows.map((row) => Number(row.srcIp!.split('.')[0]));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });

  it('counts each choice of the pickers exactly as the rows it lists, and offers the values the cache holds', async () => {
    const facets = await workspace.api.firewall.alertFacets({ profileId });
    if (!facets.ok) throw new Error(facets.error.message);
    const values = (pick: (row: AlertRow) => string | null) => [...new Set(all.map(pick).filter((value) => value !== null))].sort();
    expect(facets.data).toEqual({ severities: values((row) => row.severity), categories: values((row) => row.category), actions: values((row) => row.action) });
    const [category] = facets.data.categories;
    const [action] = facets.data.actions;
    const filters = [{ severity: ['critical' as const] }, { severity: ['high' as const, 'low' as const] }, { category: [category!] }, { action: [action!] }, { severity: ['medium' as const], category: [category!], action: [action!] }];
    for (const filter of filters) {
      const expected = all.filter((row) =>
        (!filter.severity || (filter.severity as readonly string[]).includes(row.severity!)) &&
        (!('category' in filter) || filter.category!.includes(row.category!)) &&
        (!('action' in filter) || filter.action!.includes(row.action!)));
      const found = await rows({ filter });
      expect(found.total).toBe(expected.length);
      expect(found.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    }
  });

  it.each(['severity', 'category', 'srcIp', 'signature'] as const)('sorted by %s, ties stay newest first (or oldest, ascending) and pages join with no alert twice or missing', async (field) => {
    for (const direction of ['desc', 'asc'] as const) {
      const whole = (await rows({ sort: { field, direction } })).rows;
      const paged: AlertRow[] = [];
      for (let offset = 0; offset < whole.length; offset += 100) paged.push(...(await rows({ sort: { field, direction }, offset, limit: 100 })).rows);
      expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
      expect(new Set(paged.map((row) => row.id)).size).toBe(900);
      const key = (row: AlertRow) => (field === 'severity' ? String(['low', 'medium', 'high', 'critical'].indexOf(row.severity!)) : row[field]);
      whole.forEach((row, i) => {
        const before = whole[i - 1];
        if (before && key(before) === key(row)) expect(direction === 'desc' ? before.occurredAt! >= row.occurredAt! : before.occurredAt! <= row.occurredAt!).toBe(true);
      });
    }
  });

  it('shows the appliance\'s detail with fields it has no column for, and the cached copy with the reason when the appliance is gone', async () => {
    const target = all[7]!;
    const online = await workspace.api.firewall.alert({ profileId, alertId: target.id });
    expect(online.ok && online.data).toMatchObject({ id: target.id, from: 'appliance', ruleId: expect.stringMatching(/^sig-/) });
    sims.firewall.faults.add({ path: `/alerts/${target.id}`, kind: 'reset' });
    const offline = await clock.run(workspace.api.firewall.alert({ profileId, alertId: target.id }));
    sims.firewall.faults.clear();
    expect(offline.ok && offline.data).toMatchObject({ id: target.id, from: 'cache', error: { code: 'connection_reset' } });
    expect(offline.ok && offline.data.ruleId).toBe(online.ok && online.data.ruleId);
  });

  it('shows every time to the millisecond in UTC, whatever the day, and keeps each profile\'s alerts apart', async () => {
    const other = await addFirewallProfile(workspace, sims);
    const times = [Date.parse('2026-11-22T00:00:00.000Z'), Date.parse('2026-11-22T23:59:59.999Z'), Date.parse('2026-11-21T12:05:09.005Z'), Date.parse('2024-02-29T08:30:00.050Z'), Date.parse('1969-12-31T23:59:59.500Z')];
    const repository = new AlertRepository(workspace.services.db);
    repository.store(other, times.map((occurredMs, i) => packAlert({
      id: all[i]!.id, severity: 'low', occurredMs, category: null, action: null, srcIp: null, srcPort: null, dstIp: null, dstPort: null, protocol: null, signature: null, message: null, deviceId: null, other: null,
    })), 1);
    const shown = repository.query(other, {}, { field: 'occurredAt', direction: 'desc' }, 0, 10).rows.map((row) => row.occurredAt);
    expect(shown).toEqual([...times].sort((a, b) => b - a).map((ms) => new Date(ms).toISOString()));
    expect(repository.count(profileId)).toBe(900);
    expect(repository.find(profileId, all[0]!.id)?.severity).toBe(all[0]!.severity);
  });

  it('exports the filtered, sorted set as CSV through the save dialog, with progress, formulas neutralised', async () => {
    const file = path.join(tmpdir(), `opsdesk-export-${process.pid}.csv`);
    const repository = new AlertRepository(workspace.services.db);
    repository.store(profileId, [packAlert({
      id: 'hostile-1', severity: 'critical', occurredMs: clock.now(), category: '=HYPERLINK("http://evil")', action: '+cmd', srcIp: '@SUM(1)',
      srcPort: 1, dstIp: '-2+3', dstPort: 2, protocol: '\tTAB', signature: '\rCR', message: 'line one\r\nline "two", <script>', deviceId: null, other: null,
    })], 0);
    const progress: ExportProgress[] = [];
    await workspace.api.firewall.onExportProgress((step) => progress.push(step));
    workspace.platform.savePath = file;
    const taskId = randomUUID();
    const result = await workspace.api.firewall.exportAlerts({ profileId, taskId, filter: { severity: ['critical'] } });
    const critical = (await rows({ filter: { severity: ['critical'] } })).total;
    expect(result.ok && result.data).toEqual({ path: file, rows: critical });
    expect(workspace.platform.saveDialogs.at(-1)).toMatchObject({ filters: [{ extensions: ['csv'] }] });
    expect(progress.at(-1)).toEqual({ taskId, written: critical, total: critical });
    const csv = await readFile(file, 'utf8');
    await rm(file, { force: true });
    expect(csv.split('\r\n').length + csv.split('\n').length).toBeGreaterThan(critical);
    expect(csv).toContain('\'=HYPERLINK(""http://evil"")');
    expect(csv).toContain('\'+cmd');
    expect(csv).toContain('\'@SUM(1)');
    expect(csv).toContain('\'-2+3');
    expect(csv).toContain('"line one\r\nline ""two"", <script>"');
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
    workspace.platform.savePath = null;
    const cancelled = await workspace.api.firewall.exportAlerts({ profileId, taskId: randomUUID() });
    expect(cancelled.ok && cancelled.data).toEqual({ path: null, rows: 0 });
  });

  it('takes a sync\'s alerts into the full-text index after it, and searches and exports by text the alerts not in it yet', async () => {
    const { db, firewall } = workspace.services;
    await firewall.alerts.indexed();
    const indexedThrough = () => db.prepare('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck().get();
    const lastSynced = db.prepare('SELECT MAX(a.rowid) FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE k.profile_id = ? AND a.walk > 0');
    expect(indexedThrough()).toBeGreaterThanOrEqual(lastSynced.pluck().get(profileId) as number);
    const word = all[7]!.signature!.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part))!.toLowerCase();
    const synced = all.filter((row) => row.signature!.toLowerCase().split(/[^a-z0-9]+/).includes(word)).map((row) => row.id);
    new AlertRepository(db).store(profileId, [packAlert({
      id: 'late-1', severity: 'low', occurredMs: clock.now(), category: null, action: null, srcIp: null, srcPort: null, dstIp: null, dstPort: null,
      protocol: null, signature: `${word.toUpperCase()} seen late`, message: null, deviceId: null, other: null,
    })], 0);
    expect((await rows({ filter: { text: word } })).rows.map((row) => row.id).sort()).toEqual([...synced, 'late-1'].sort());

    const file = path.join(tmpdir(), `opsdesk-export-text-${process.pid}.csv`);
    workspace.platform.savePath = file;
    const result = await workspace.api.firewall.exportAlerts({ profileId, taskId: randomUUID(), filter: { text: word } });
    const csv = await readFile(file, 'utf8');
    await rm(file, { force: true });
    expect(result.ok && result.data).toEqual({ path: file, rows: synced.length + 1 });
    expect(csv).toContain(`${word.toUpperCase()} seen late`);
  });

  it.each([['=1+1', '\'=1+1'], ['+1', '\'+1'], ['-1', '\'-1'], ['@a', '\'@a'], ['\tx', '\'\tx'], ['\rx', '\'\rx'], ['safe', 'safe'], ['a=b', 'a=b'], ['invoice\u202Efdp.exe', 'invoice⟨U+202E⟩fdp.exe'], ['\u2066=1+1', '⟨U+2066⟩=1+1']])(
    'neutralises %j as %j',
    (cell, written) => expect(neutraliseCell(cell)).toBe(written),
  );
});
