// The rows an export carries and how an import merges them. Which tables go is what cache-tables.ts
// says is local-only, read as recovery.ts reads it (`localTables`): a new local table travels with
// no change here. A row is the same row when its own key matches: its primary key, or for a table
// numbered by SQLite (`seq`) its unique id, or for one with neither its every column. What is here
// already stays as it is; a row that is new is added, in one transaction, parents first.
import { localDataGroups, type LocalDataGroup, type LocalDataMergeCount } from '../../../src-shared/contract/local-data.ts';
import type { Db } from '../db/database.ts';
import { localTables } from '../db/recovery.ts';
import { migration as actionCodesNamedByCalls } from '../db/migrations/0038-action-codes-named-by-calls.ts';

export interface LocalDataPayload {
  format: 'opsdesk-local-data';
  version: 1;
  exportedAt: string;
  /** The exporting database's migration count: a file from a newer schema is refused. */
  schemaVersion: number;
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
}

/** Each group's first table is what its summary counts ("12 conversations"); the others travel with it. */
const GROUPS: readonly { group: LocalDataGroup; tables: readonly string[] }[] = [
  { group: 'connections', tables: ['profiles'] },
  { group: 'conversations', tables: ['conversations', 'chat_messages', 'chat_branches', 'chat_branch_messages'] },
  { group: 'activity', tables: ['activity_log'] },
  { group: 'cases', tables: ['cases', 'case_items', 'case_notes', 'case_kept_events'] },
  { group: 'triage', tables: ['triage_conversations', 'triage_alerts'] },
  { group: 'drafts', tables: ['reply_drafts'] },
  { group: 'cannedReplies', tables: ['canned_replies'] },
  { group: 'settings', tables: ['settings'] },
];

/** As the summary lists them: the analyst's records first, settings and the rest last. */
const inGroupOrder = <T extends { group: LocalDataGroup }>(counts: T[]): T[] => counts.sort((a, b) => localDataGroups.indexOf(a.group) - localDataGroups.indexOf(b.group));

const groupOf = (table: string): LocalDataGroup => GROUPS.find((entry) => entry.tables.includes(table))?.group ?? 'other';
/** Whether the table's rows are what its group's summary counts ('other' counts every table's). */
const counted = (table: string): boolean => {
  const entry = GROUPS.find((candidate) => candidate.tables.includes(table));
  return entry === undefined || entry.tables[0] === table;
};

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
  hidden: number;
}

interface TableShape {
  columns: string[];
  /** The columns that say two rows are the same row. */
  identity: string[];
  /** A rowid column SQLite numbers (`seq`): not carried into another file's numbering. */
  numbered: string | null;
  /** Columns that hold a profile's id. */
  profileColumns: string[];
}

function shapeOf(db: Db, table: string): TableShape {
  const columns = (db.pragma(`table_xinfo("${table}")`) as Column[]).filter((column) => column.hidden === 0);
  const names = columns.map((column) => column.name);
  const primary = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
  const rowidAlias = primary.length === 1 && primary[0]!.type.toUpperCase() === 'INTEGER' ? primary[0]!.name : null;
  const profileColumns = [
    ...(db.pragma(`foreign_key_list("${table}")`) as { from: string; table: string }[]).filter((key) => key.table === 'profiles').map((key) => key.from),
    ...names.filter((name) => name === 'profile_id' || name.endsWith('_profile_id')),
  ];
  const shape = { columns: names, profileColumns: [...new Set(table === 'profiles' ? ['id'] : profileColumns)] };
  if (rowidAlias === null) return { ...shape, identity: primary.length > 0 ? primary.map((column) => column.name) : names, numbered: null };
  // Its own id: a unique key of columns that are never null (an optional one, as an entry's
  // outbox id, would make every row without one the same row), the first in the table's order.
  const required = new Set(columns.filter((column) => column.notnull === 1).map((column) => column.name));
  const unique = (db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string; partial: number }[])
    .filter((index) => index.unique === 1 && index.origin !== 'pk' && index.partial === 0)
    .map((index) => (db.pragma(`index_info("${index.name}")`) as { name: string }[]).map((column) => column.name))
    .filter((indexed) => indexed.every((name) => required.has(name)))
    .sort((a, b) => names.indexOf(a[0]!) - names.indexOf(b[0]!))[0];
  return { ...shape, identity: unique ?? names.filter((name) => name !== rowidAlias), numbered: rowidAlias };
}

/** What the file carries as a value: SQLite's own, a BLOB as base64. */
const toFile = (value: unknown): unknown => (Buffer.isBuffer(value) ? { $blob: value.toString('base64') } : value);
const fromFile = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && typeof (value as { $blob?: unknown }).$blob === 'string' ? Buffer.from((value as { $blob: string }).$blob, 'base64') : value;

/**
 * Every local-only row of `db`, each string through `redact` (no key the keychain holds leaves in
 * a note someone pasted it into). Read in one read transaction: one moment's rows.
 */
export function collectLocalRows(db: Db, redact: (text: string) => string, exportedAt: string): LocalDataPayload {
  const tables: LocalDataPayload['tables'] = {};
  db.exec('BEGIN');
  try {
    for (const table of localTables(db)) {
      const { columns } = shapeOf(db, table);
      const rows = (db.prepare(`SELECT ${columns.map((column) => `"${column}"`).join(', ')} FROM "${table}"`).raw(true).all() as unknown[][]).map((row) =>
        row.map((value) => (typeof value === 'string' ? redact(value) : toFile(value))),
      );
      tables[table] = { columns, rows };
    }
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    return { format: 'opsdesk-local-data', version: 1, exportedAt, schemaVersion, tables };
  } finally {
    db.exec('COMMIT');
  }
}

/** How many rows of each group an export carries, as its summary counts them. */
export function groupRows(payload: LocalDataPayload): { group: LocalDataGroup; rows: number }[] {
  const rows = new Map<LocalDataGroup, number>();
  for (const [table, { rows: tableRows }] of Object.entries(payload.tables)) {
    if (counted(table)) rows.set(groupOf(table), (rows.get(groupOf(table)) ?? 0) + tableRows.length);
  }
  return inGroupOrder([...rows].map(([group, count]) => ({ group, rows: count })));
}

export function isPayload(value: unknown): value is LocalDataPayload {
  const payload = value as LocalDataPayload;
  return (
    payload?.format === 'opsdesk-local-data' &&
    Number.isInteger(payload.schemaVersion) &&
    typeof payload.tables === 'object' &&
    payload.tables !== null &&
    Object.values(payload.tables).every((table) => Array.isArray(table?.columns) && Array.isArray(table.rows))
  );
}

/**
 * Whether a row with these identity values is here. A table keyed by every column (the call log)
 * has no index to look in: its rows are read once into a set instead of scanned for each row.
 */
function rowFinder(db: Db, table: string, identity: string[], everyColumn: boolean): { has(values: unknown[]): boolean; added(values: unknown[]): void } {
  if (!everyColumn) {
    const find = db.prepare(`SELECT 1 FROM "${table}" WHERE ${identity.map((column) => `"${column}" IS ?`).join(' AND ')} LIMIT 1`).pluck();
    return { has: (values) => find.get(...values) !== undefined, added: () => {} };
  }
  const keyOf = (values: unknown[]) => JSON.stringify(values.map(toFile));
  const present = new Set((db.prepare(`SELECT ${identity.map((column) => `"${column}"`).join(', ')} FROM "${table}"`).raw(true).all() as unknown[][]).map(keyOf));
  return { has: (values) => present.has(keyOf(values)), added: (values) => void present.add(keyOf(values)) };
}

const isForeignKeyFailure = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY';

/** Profile ids this machine generates are long and random: only those are looked for inside a text (a setting's key, a JSON value). */
const GENERATED_ID_LENGTH = 16;

/**
 * Merges `payload` into `db`: what is not here is added, what is here is left as it is, all in one
 * transaction (`dryRun`: rolled back, so a preview counts exactly what the import would do). A
 * connection here under the same kind and name is the file's connection: the file's rows follow
 * it to this id. A case whose number is taken here gets the next one.
 */
export function mergeLocalRows(db: Db, payload: LocalDataPayload, options: { dryRun: boolean; report?: (done: number, total: number) => void }): LocalDataMergeCount[] {
  const counts = new Map<LocalDataGroup, LocalDataMergeCount>();
  const countOf = (table: string) => {
    const group = groupOf(table);
    let count = counts.get(group);
    if (!count) counts.set(group, (count = { group, inFile: 0, added: 0, alreadyHere: 0, conflicting: 0 }));
    return count;
  };
  const total = Object.values(payload.tables).reduce((sum, table) => sum + table.rows.length, 0);
  let done = 0;
  const rolledBack = Symbol('rolled back');
  const profileIds = new Map<string, string>();
  const remap = (value: unknown, isProfileColumn: boolean): unknown => {
    if (typeof value !== 'string' || profileIds.size === 0) return value;
    if (isProfileColumn) return profileIds.get(value) ?? value;
    let text = value;
    for (const [from, to] of profileIds) if (from.length >= GENERATED_ID_LENGTH && text.includes(from)) text = text.replaceAll(from, to);
    return text;
  };

  // Connections first: a connection here under the file's name gives its id to every row after.
  const tables = localTables(db).sort((a, b) => Number(b === 'profiles') - Number(a === 'profiles'));
  const sameProfile = db.prepare<[unknown, unknown], string>('SELECT id FROM profiles WHERE service = ? AND name = ?').pluck();
  const numberTaken = db.prepare('SELECT 1 FROM cases WHERE number = ?');
  const nextNumber = db.prepare('SELECT IFNULL(MAX(number), 0) + 1 FROM cases').pluck();
  const merge = () => {
    for (const table of tables) {
      const carried = payload.tables[table];
      if (!carried) continue;
      const shape = shapeOf(db, table);
      const columns = shape.columns.filter((column) => column !== shape.numbered && carried.columns.includes(column));
      const at = columns.map((column) => carried.columns.indexOf(column));
      // A file from before a column was keyed this way still names the row by what it has.
      const identity = shape.identity.every((column) => columns.includes(column)) ? shape.identity : columns;
      const exists = rowFinder(db, table, identity, identity.length === columns.length);
      const insert = db.prepare(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`);
      const isCounted = counted(table);
      const count = countOf(table);
      for (const fileRow of carried.rows) {
        const row = at.map((index, position) => remap(fromFile(fileRow[index]), shape.profileColumns.includes(columns[position]!)));
        const value = (column: string) => row[columns.indexOf(column)];
        const outcome = ((): 'added' | 'alreadyHere' | 'conflicting' => {
          if (exists.has(identity.map(value))) return 'alreadyHere';
          if (table === 'profiles') {
            const same = sameProfile.get(value('service'), value('name'));
            if (same !== undefined) {
              profileIds.set(String(value('id')), same);
              return 'alreadyHere';
            }
          }
          if (table === 'cases' && numberTaken.get(value('number')) !== undefined) row[columns.indexOf('number')] = nextNumber.get();
          try {
            if (insert.run(...row).changes === 0) return 'conflicting';
            exists.added(identity.map(value));
            return 'added';
          } catch (error) {
            // Its parent was not added (it clashed with a row here): nor is it.
            if (isForeignKeyFailure(error)) return 'conflicting';
            throw error;
          }
        })();
        if (isCounted) {
          count.inFile++;
          count[outcome]++;
        }
        done++;
        if (done % 1000 === 0) options.report?.(done, total);
      }
    }
    // A file from before the action codes took their calls' names carries the old ones.
    if (payload.schemaVersion < actionCodesNamedByCalls.version) db.exec(actionCodesNamedByCalls.sql);
    options.report?.(done, total);
    if (options.dryRun) throw rolledBack;
  };

  try {
    db.transaction(merge)();
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
  return inGroupOrder([...counts.values()]);
}
