// The rows of a list checked for a bulk action, as a value: a click checks one row, a shift-click
// every row from the last one clicked, the header's box the rows at hand, and "all matching" every
// row the list's filter selects, loaded or not (the action then goes by the filter, not by ids).

export interface RowChecks {
  ids: ReadonlySet<string>;
  /** The row last clicked: where a shift-click's range starts. */
  anchor: number | null;
  /** Every row the filter matches, including those never loaded. */
  allMatching: boolean;
}

export const noChecks: RowChecks = { ids: new Set(), anchor: null, allMatching: false };

export interface CheckableRows {
  /** The id of the row at `index`; undefined while its page is on its way. */
  idAt(index: number): string | undefined;
  /** Every row at hand (loaded), in order. */
  loadedIds(): readonly string[];
  /** The most ids one action takes. */
  limit: number;
}

/** How many rows are checked: the filter's total while all matching are. */
export function checkedCount(checks: RowChecks, total: number | null): number {
  return checks.allMatching ? (total ?? 0) : checks.ids.size;
}

export function isChecked(checks: RowChecks, id: string): boolean {
  return checks.allMatching || checks.ids.has(id);
}

/**
 * Row `index`'s box clicked; `range` (shift held): every row from the last one clicked takes the
 * clicked row's new state. Unchecking a row while all matching are checked leaves the rows at hand
 * checked but that one.
 */
export function toggleRow(checks: RowChecks, index: number, range: boolean, rows: CheckableRows): RowChecks {
  const id = rows.idAt(index);
  if (id === undefined) return checks;
  const ids = new Set(checks.allMatching ? rows.loadedIds() : checks.ids);
  const on = !isChecked(checks, id);
  const [from, to] = range && checks.anchor !== null ? [Math.min(checks.anchor, index), Math.max(checks.anchor, index)] : [index, index];
  for (let at = from; at <= to; at++) {
    const each = rows.idAt(at);
    if (each === undefined) continue;
    if (!on) ids.delete(each);
    else if (ids.size < rows.limit) ids.add(each);
  }
  return { ids, anchor: index, allMatching: false };
}

/** The header's box: every row at hand, or none when any is checked. */
export function toggleHeader(checks: RowChecks, rows: CheckableRows): RowChecks {
  if (checks.allMatching || checks.ids.size > 0) return noChecks;
  return { ids: new Set(rows.loadedIds().slice(0, rows.limit)), anchor: null, allMatching: false };
}

export const allMatching: RowChecks = { ids: new Set(), anchor: null, allMatching: true };
