import { expect, test } from 'vitest';
import { orderOf } from '../../src-renderer/features/firewall/table/use-table-columns.ts';

const columns = [{ id: 'select', pinned: 'start' as const }, { id: 'severity' }, { id: 'time' }, { id: 'source' }, { id: 'signature' }, { id: 'actions', pinned: 'end' as const }];

test('a saved column order keeps the analyst\'s order, places a column added since at its declared place, drops a gone one, keeps the pinned ones first and last', () => {
  expect(orderOf(columns, [])).toEqual(['select', 'severity', 'time', 'source', 'signature', 'actions']);
  expect(orderOf(columns, ['signature', 'severity', 'time'])).toEqual(['select', 'signature', 'severity', 'source', 'time', 'actions']);
  expect(orderOf(columns, ['actions', 'time', 'gone', 'select', 'severity', 'source', 'signature'])).toEqual(['select', 'time', 'severity', 'source', 'signature', 'actions']);
});
