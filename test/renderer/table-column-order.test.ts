import { expect, test } from 'vitest';
import { fittedBesideDetail, orderOf } from '../../src-renderer/features/firewall/table/use-table-columns.ts';

const columns = [{ id: 'select', pinned: 'start' as const }, { id: 'severity' }, { id: 'time' }, { id: 'source' }, { id: 'signature' }, { id: 'actions', pinned: 'end' as const }];

test('a saved column order keeps the analyst\'s order, places a column added since at its declared place, drops a gone one, keeps the pinned ones first and last', () => {
  expect(orderOf(columns, [])).toEqual(['select', 'severity', 'time', 'source', 'signature', 'actions']);
  expect(orderOf(columns, ['signature', 'severity', 'time'])).toEqual(['select', 'signature', 'severity', 'source', 'time', 'actions']);
  expect(orderOf(columns, ['actions', 'time', 'gone', 'select', 'severity', 'source', 'signature'])).toEqual(['select', 'time', 'severity', 'source', 'signature', 'actions']);
});

test('beside an open detail the table keeps its chosen columns, then the others in order while they fit whole; the analyst\'s own choice stays as made', () => {
  const sized = [
    { id: 'select', width: 36, pinned: 'start' as const },
    { id: 'severity', width: 90 },
    { id: 'destination', width: 170 },
    { id: 'category', width: 140 },
    { id: 'action', width: 100 },
    { id: 'signature', width: 260 },
  ];
  const order = sized.map((column) => column.id);
  const layout = { order: [], hidden: [], widths: {} };
  const keeps = ['severity', 'signature'];
  // The kept columns and the checkbox take 386 px.
  expect(fittedBesideDetail(sized, layout, order, keeps, undefined)).toEqual(keeps);
  expect(fittedBesideDetail(sized, layout, order, keeps, 500)).toEqual(keeps);
  expect(fittedBesideDetail(sized, layout, order, keeps, 556)).toEqual([...keeps, 'destination']);
  expect(fittedBesideDetail(sized, layout, order, keeps, 790)).toEqual([...keeps, 'destination', 'category']);
  expect(fittedBesideDetail(sized, layout, order, keeps, 796)).toEqual([...keeps, 'destination', 'category', 'action']);
  // A column the analyst hid stays hidden; a width the analyst dragged counts as theirs, and the
  // columns after one that does not fit wait for it (the order is the analyst's), however narrow.
  expect(fittedBesideDetail(sized, { ...layout, hidden: ['destination'] }, order, keeps, 796)).toEqual([...keeps, 'category', 'action']);
  expect(fittedBesideDetail(sized, { ...layout, widths: { destination: 420 } }, order, keeps, 796)).toEqual(keeps);
  expect(fittedBesideDetail(sized, { ...layout, withDetail: ['severity'] }, order, keeps, 2000)).toEqual(keeps);
});
