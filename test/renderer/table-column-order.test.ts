import { expect, test } from 'vitest';
import { orderOf } from '../../src-renderer/features/firewall/table/use-table-columns.ts';

const columns = [{ id: 'select', pinned: true }, { id: 'severity' }, { id: 'time' }, { id: 'source' }, { id: 'signature' }];

test('a saved column order keeps the analyst\'s order, places a column added since at its declared place, drops a gone one, keeps a pinned one first', () => {
  expect(orderOf(columns, [])).toEqual(['select', 'severity', 'time', 'source', 'signature']);
  expect(orderOf(columns, ['signature', 'severity', 'time'])).toEqual(['select', 'signature', 'severity', 'source', 'time']);
  expect(orderOf(columns, ['time', 'gone', 'select', 'severity', 'source', 'signature'])).toEqual(['select', 'time', 'severity', 'source', 'signature']);
});
