// The reading toolkit as tables: each row a value a server may send and what OpsDesk reads from it.
import { describe, expect, it } from 'vitest';
import { errorMessageIn, errorNameIn, isSuccessCode, statusOfBusinessCode } from '../../../src-main/core/wire/errors.ts';
import { describes, queryParametersOf, readApiDescription } from '../../../src-main/core/wire/openapi.ts';
import { fieldsOf, readBoolean, readId, readList, readNumber, readStrings, readTime } from '../../../src-main/core/wire/read.ts';

describe('numbers', () => {
  it.each([
    [17.4, 17.4],
    ['17.4', 17.4],
    ['41.8%', 41.8],
    [{ percent: 41.8, total_mb: 16384 }, 41.8],
    [{ active: 15230, max: 2e6 }, 15230],
    [{ value: '3' }, 3],
    ['n/a', undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [null, undefined],
    [[1], undefined],
  ] as const)('%j → %s', (value, expected) => {
    expect(readNumber(value)).toBe(expected);
  });
});

describe('ids, booleans, lists, words', () => {
  it.each([[1024, '1024'], ['site-main', 'site-main'], [' 7 ', '7'], ['', undefined], [null, undefined], [{ id: 1 }, undefined], [true, undefined]] as const)(
    'id %j → %s',
    (value, expected) => expect(readId(value)).toBe(expected),
  );
  it.each([[true, true], ['true', true], [1, true], ['0', false], ['off', false], [2, undefined], ['maybe', undefined]] as const)(
    'boolean %j → %s',
    (value, expected) => expect(readBoolean(value)).toBe(expected),
  );
  it('finds a list bare or under items, data, …', () => {
    expect(readList([1])).toEqual([1]);
    expect(readList({ items: [2] })).toEqual([2]);
    expect(readList({ data: [3], total: 1 })).toEqual([3]);
    expect(readList({ data: { items: [] } })).toBeUndefined();
  });
  it('reads words from a list or a comma string', () => {
    expect(readStrings('crm.read, kb.read')).toEqual(['crm.read', 'kb.read']);
    expect(readStrings(['chat', 7, null])).toEqual(['chat', '7']);
  });
});

describe('times', () => {
  it.each([
    ['2025-01-01T08:00:00.000+08:00', '2025-01-01T00:00:00.000Z'],
    ['2025-01-01T00:00:00Z', '2025-01-01T00:00:00.000Z'],
    [1735689600, '2025-01-01T00:00:00.000Z'],
    ['1735689600', '2025-01-01T00:00:00.000Z'],
    [1735689600000, '2025-01-01T00:00:00.000Z'],
    ['yesterday', undefined],
    [-5, undefined],
  ] as const)('%j → %s', (value, expected) => {
    expect(readTime(value)).toBe(expected);
  });
});

describe('fields by any of their names', () => {
  it('takes the first name whose value can be read, skipping null and unreadable ones', () => {
    const fields = fieldsOf({ uptime: 'n/a', uptime_seconds: 12, cpu: null, cpu_percent: '3' })!;
    expect(fields.number('uptime', 'uptime_seconds')).toBe(12);
    expect(fields.number('cpu', 'cpu_percent')).toBe(3);
    expect(fields.string('missing')).toBeUndefined();
    expect(fieldsOf('text')).toBeUndefined();
  });
});

describe('errors wherever the server puts them', () => {
  it.each([
    [{ error: 'forbidden_scope' }, 'forbidden_scope'],
    [{ error: { code: 'wrong_site' } }, 'wrong_site'],
    [{ code: 'channel_disabled' }, 'channel_disabled'],
    [{ code: 40301 }, undefined],
    [{ code: '40301' }, undefined],
    [{}, undefined],
  ] as const)('name in %j → %s', (body, name) => {
    expect(errorNameIn(body, ['error', 'error.code', 'code'])).toBe(name);
  });
  it.each([[40301, 403], [403, 403], [4290, 429], [50001, 500], [0, undefined], [200, undefined], [1, undefined]] as const)(
    'business code %i → status %s',
    (code, status) => expect(statusOfBusinessCode(code)).toBe(status),
  );
  it.each([[0, true], ['0', true], [200, true], ['OK', true], [undefined, true], [40301, false], ['forbidden', false]] as const)(
    'code %j is success: %s',
    (code, success) => expect(isSuccessCode(code)).toBe(success),
  );
  it('finds the message nested or at the top', () => {
    expect(errorMessageIn({ error: { message: 'upstream model overloaded' } })).toBe('upstream model overloaded');
    expect(errorMessageIn({ code: 40301, message: 'scope crm.read is required' })).toBe('scope crm.read is required');
  });
});

describe('OpenAPI descriptions', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Support', version: 'v1' },
    components: { parameters: { Site: { name: 'site_id', in: 'query' } } },
    paths: {
      '/api/open/v1/tickets': { parameters: [{ $ref: '#/components/parameters/Site' }], get: { parameters: [{ name: 'status', in: 'query' }] } },
      '/api/open/v1/tickets/{ticket_id}': { get: {}, 'x-unknown': {} },
    },
  };

  it('lists operations with their parameters, taking off the API root and resolving $ref', () => {
    const description = readApiDescription(document, '/api/open/v1')!;
    expect(description.operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['GET /tickets', 'GET /tickets/{ticket_id}']);
    expect(describes(description, 'GET', '/tickets/{id}')).toBe(true);
    expect(describes(description, 'POST', '/tickets')).toBe(false);
    expect(queryParametersOf(description, 'GET', '/tickets')).toEqual(['site_id', 'status']);
  });

  it('is undefined for a document that is not OpenAPI', () => {
    expect(readApiDescription({ paths: {} })).toBeUndefined();
    expect(readApiDescription('<html>')).toBeUndefined();
  });
});
