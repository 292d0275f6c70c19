// Reading the administration endpoints' bodies tolerantly: the simulator's shapes and the other
// plausible ones a real appliance sends (ids as numbers, other names, other offsets, bare arrays).
import { describe, expect, test } from 'vitest';
import { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import { describeHttpError } from '../../../src-main/core/http/status-errors.ts';
import { firewallDialect } from '../../../src-main/core/firewall/error-dialect.ts';
import { readDevice } from '../../../src-main/core/firewall/devices/device-wire.ts';
import { readHoneypot } from '../../../src-main/core/firewall/honeypots/honeypot-wire.ts';
import { logSearchBody, readLogEntry } from '../../../src-main/core/firewall/logs/log-wire.ts';
import { readAddressObject } from '../../../src-main/core/firewall/objects/address-object-wire.ts';
import { readPolicy } from '../../../src-main/core/firewall/policies/policy-wire.ts';
import { readReport } from '../../../src-main/core/firewall/reports/report-wire.ts';
import { withFieldErrors } from '../../../src-main/core/firewall/appliance-resource.ts';
import { readListPage } from '../../../src-main/core/firewall/list-walk.ts';
import { UserFacingError } from '../../../src-main/core/user-facing-error.ts';
import { fieldsOf } from '../../../src-main/core/wire/read.ts';

const read = <T>(reader: (fields: NonNullable<ReturnType<typeof fieldsOf>>) => T, value: unknown): T => reader(fieldsOf(value)!);

describe('list pages', () => {
  const response = (data: unknown) => ({ status: 200, headers: {}, data });
  test.each([
    ['the documented page', { items: [{ id: 'a' }, { id: 2 }], page: 3, page_size: 2, total: 9 }, { pageSize: 2, total: 9 }],
    ['numbers as strings', { items: [{ id: 'a' }, { id: 2 }], page: '3', page_size: '2', total: '9' }, { pageSize: 2, total: 9 }],
    ['a bare array', [{ id: 'a' }, { id: 2 }], { pageSize: null, total: null }],
    ['items under data with total_count', { data: [{ id: 'a' }, { id: 2 }], total_count: 40 }, { pageSize: null, total: 40 }],
  ])('%s', (_name, body, expected) => {
    const page = readListPage(response(body), (fields) => fields.id('id'));
    expect(page).toEqual({ items: ['a', '2'], refused: 0, received: 2, ...expected });
  });

  test('an item without a usable id is left out and counted; the others stay', () => {
    const page = readListPage(response({ items: [{ id: 'a' }, { name: 'no id' }, 'junk'], total: 3 }), (fields) => fields.id('id'));
    expect(page).toMatchObject({ items: ['a'], refused: 2, received: 3, total: 3 });
  });
});

describe('records', () => {
  test('a policy with a numeric id, other names, a comma list and another offset', () => {
    expect(
      read(readPolicy, { id: 17, title: 'Web in', decision: 'allow', status: 'enabled', src: 'any', destination: ['10.0.0.0/8'], services: 'tcp/80, tcp/443', order: '20', created_at: '2025-01-01T08:00:00.000+08:00', vendor_tag: 'x' }),
    ).toEqual({ id: '17', name: 'Web in', action: 'allow', enabled: true, source: ['any'], destination: ['10.0.0.0/8'], service: ['tcp/80', 'tcp/443'], priority: 20, description: '', createdAt: '2025-01-01T00:00:00.000Z' });
  });

  test('missing optional fields leave a usable record', () => {
    expect(read(readPolicy, { id: 'p1' })).toEqual({ id: 'p1', name: '', action: '', enabled: true, source: [], destination: [], service: [], description: '' });
    expect(read(readAddressObject, { id: 'a1' })).toEqual({ id: 'a1', name: '', type: '', members: [], description: '' });
    expect(read(readHoneypot, { id: 'h1' })).toEqual({ id: 'h1', name: '', type: '', enabled: true });
    expect(read(readDevice, { id: 'd1' })).toEqual({ id: 'd1' });
    expect(read(readLogEntry, { id: 'l1' })).toEqual({ id: 'l1' });
    expect(read(readReport, { id: 'r1' })).toEqual({ id: 'r1', name: '', status: 'generating' });
  });

  test('a record without an id is refused', () => {
    expect(read(readPolicy, { name: 'x' })).toBeUndefined();
    expect(read(readHoneypot, { id: '  ' })).toBeUndefined();
  });

  test('devices and log entries under other names, times as Unix seconds', () => {
    expect(read(readDevice, { device_id: 5, hostname: 'nas', ip_address: '10.0.0.5', is_online: 'yes', last_seen: 1_735_689_600 })).toEqual({
      id: '5', name: 'nas', ip: '10.0.0.5', online: true, lastSeen: '2025-01-01T00:00:00.000Z',
    });
    expect(read(readLogEntry, { id: 1, timestamp: '2025-01-01T00:00:00Z', source_ip: '1.2.3.4', dst_port: '443', bytes: '1200' })).toEqual({
      id: '1', time: '2025-01-01T00:00:00.000Z', srcIp: '1.2.3.4', dstPort: 443, bytes: 1200,
    });
  });

  test('a report: period, content, a finished state inferred from its content, progress as a fraction', () => {
    expect(read(readReport, { id: 'r', name: 'n', period: { from: '2025-01-01T08:00:00+08:00' }, content: { a: 1 } })).toMatchObject({
      status: 'ready', periodFrom: '2025-01-01T00:00:00.000Z', content: { a: 1 },
    });
    expect(read(readReport, { id: 'r', state: 'RUNNING', progress: 0.25 })).toMatchObject({ status: 'running', progress: 25 });
    expect(read(readReport, { id: 'r', status: 'generating', progress: 60 })).toMatchObject({ progress: 60 });
  });
});

describe('the log search query object', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  test.each([
    ['a preset counts back from now', { timePreset: '15m' }, { since: '2026-03-01T11:45:00.000Z' }],
    ['everything', { text: ' ssh ', type: 'threat', action: 'deny', srcIp: '1.2.3.4', dstIp: '', timePreset: 'all' }, { query: 'ssh', type: 'threat', action: 'deny', src_ip: '1.2.3.4' }],
    ['a custom window', { timePreset: 'custom', since: '2026-02-01T00:00:00Z', until: '2026-02-02T00:00:00Z' }, { since: '2026-02-01T00:00:00Z', until: '2026-02-02T00:00:00Z' }],
    ['since and until only count with a custom window', { timePreset: '1h', since: '2020-01-01T00:00:00Z' }, { since: '2026-03-01T11:00:00.000Z' }],
  ] as const)('%s', (_name, query, expected) => {
    expect(logSearchBody(query, now)).toEqual(expected);
  });
});

describe("the appliance's 400 on a form field", () => {
  const failure = (message: string, status = 400) =>
    new ServiceFailure(describeHttpError(firewallDialect, status, { error: { code: 'bad_request', message } }, undefined));
  const form = { name: 'name', type: 'type', value: 'value', members: 'members', src_ip: 'srcIp' };

  test.each([
    ["Invalid value for 'src_ip': must be an IPv4 or IPv6 address", 'srcIp'],
    ["Invalid value for 'members.0': Expected string", 'members'],
    ['members must list existing address object ids for type group', 'members'],
    ['value must be an IP address for type host', 'value'],
  ])('%s → %s', (message, path) => {
    const error = withFieldErrors(failure(message), form);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).detail).toMatchObject({ code: 'bad_request', status: 400, service: 'firewall', fieldErrors: [{ path, message }] });
  });

  test('a message naming no field of the form, or another status, stays as it was', () => {
    const unnamed = failure("Invalid value for 'body': Expected object");
    expect(withFieldErrors(unnamed, form)).toBe(unnamed);
    const notFound = failure("No policy 'name'", 404);
    expect(withFieldErrors(notFound, form)).toBe(notFound);
  });
});
