// Checking rows for a bulk action: a click, a shift-click range (checking or unchecking, from the
// last row clicked), rows not loaded skipped, the limit of one action, the header's box, and
// unchecking one row while every row the filter matches is checked.
import { expect, test } from 'vitest';
import { allMatching, checkedCount, isChecked, noChecks, toggleHeader, toggleRow, type CheckableRows } from '../../src-renderer/ui/row-checks.ts';

/** Rows 0..count-1 named r0, r1…; `unloaded` rows have no id yet. */
const rowsOf = (count: number, { limit = 1000, unloaded = [] as number[] } = {}): CheckableRows => ({
  idAt: (index) => (index < count && !unloaded.includes(index) ? `r${index}` : undefined),
  loadedIds: () => Array.from({ length: count }, (_, index) => `r${index}`).filter((_, index) => !unloaded.includes(index)),
  limit,
});
const ids = (checks: { ids: ReadonlySet<string> }) => [...checks.ids].sort();

test('a shift-click takes the clicked row\'s new state to every row from the last one clicked, skipping rows not loaded', () => {
  const rows = rowsOf(10, { unloaded: [4] });
  let checks = toggleRow(noChecks, 2, false, rows);
  checks = toggleRow(checks, 6, true, rows);
  expect(ids(checks)).toEqual(['r2', 'r3', 'r5', 'r6']);
  // Unchecking a row of the range with shift held unchecks back to the last row clicked.
  checks = toggleRow(checks, 3, false, rows);
  checks = toggleRow(checks, 6, true, rows);
  expect(ids(checks)).toEqual(['r2']);
  expect(checkedCount(checks, 10)).toBe(1);
});

test('a range stops at the limit of one action', () => {
  const rows = rowsOf(10, { limit: 3 });
  const checks = toggleRow(toggleRow(noChecks, 0, false, rows), 9, true, rows);
  expect(ids(checks)).toEqual(['r0', 'r1', 'r2']);
});

test('the header\'s box checks the rows at hand, or clears any check; all matching counts the filter\'s total', () => {
  const rows = rowsOf(5);
  const shown = toggleHeader(noChecks, rows);
  expect(ids(shown)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  expect(toggleHeader(shown, rows)).toBe(noChecks);
  expect(checkedCount(allMatching, 40_000)).toBe(40_000);
  expect(isChecked(allMatching, 'never-loaded')).toBe(true);
  expect(toggleHeader(allMatching, rows)).toBe(noChecks);
});

test('unchecking one row while all matching are checked leaves the rows at hand checked but that one', () => {
  const checks = toggleRow(allMatching, 1, false, rowsOf(4));
  expect(checks.allMatching).toBe(false);
  expect(ids(checks)).toEqual(['r0', 'r2', 'r3']);
});
