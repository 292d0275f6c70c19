// A row in every table of a schema, whatever version it is at, and the rows read back for a
// comparison: the upgrade tests make a database as each earlier set of migrations left it, fill it,
// upgrade it, and compare (test/core/db/upgrade-from-every-version.test.ts).
import type { Db } from '../../src-main/core/db/database.ts';

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
  hidden: number;
  dflt_value: unknown;
}

interface ForeignKey {
  from: string;
  table: string;
  to: string | null;
}

/** Ordinary tables a test fills and compares: no full-text index nor SQLite's own tables. */
export function ordinaryTables(db: Db): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[];
  const virtual = rows.filter((row) => /^CREATE VIRTUAL/i.test(row.sql)).map((row) => row.name);
  return rows.map((row) => row.name).filter((name) => !name.startsWith('sqlite_') && !virtual.some((table) => name === table || name.startsWith(`${table}_`)));
}

function parentsFirst(db: Db, tables: string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name) || !tables.includes(name)) return;
    seen.add(name);
    for (const fk of db.pragma(`foreign_key_list("${name}")`) as ForeignKey[]) if (fk.table !== name) visit(fk.table, seen);
    ordered.push(name);
  };
  for (const name of tables) visit(name, new Set());
  return ordered;
}

/** Values a column may take, most likely first: the literals of a CHECK … IN (…) on it, then by its type. */
function candidates(sql: string, column: Column, serial: number): unknown[] {
  const quoted = `"?${column.name}"?`;
  const listed = new RegExp(`${quoted}\\s+IN\\s*\\(([^)]*)\\)`, 'i').exec(sql)?.[1];
  const literals = listed ? listed.split(',').map((item) => item.trim()).map((item) => (item.startsWith("'") ? item.slice(1, -1) : Number(item))) : [];
  const type = column.type.toUpperCase();
  const byType: unknown[] = type.includes('INT')
    ? [serial, 1, 0, 1795000000000 + serial]
    : type.includes('REAL')
      ? [1.5, 0]
      : type.includes('BLOB')
        ? [Buffer.from([serial % 256, 1, 2, 3])]
        : [`v${serial}-${column.name}`, '{}', '[]', '2026-01-01T00:00:00.000Z', '203.0.113.7', 'x'];
  return [...literals, ...byType];
}

/**
 * Inserts one row (two where a table can take them) into every ordinary table, parents first, a
 * child's foreign keys pointing at its parent's row. Answers the tables it could not fill, with why.
 */
export function fillEveryTable(db: Db): { table: string; reason: string }[] {
  const failures: { table: string; reason: string }[] = [];
  const sqlOf = (table: string) => db.prepare("SELECT sql FROM sqlite_schema WHERE name = ?").pluck().get(table) as string;
  for (const table of parentsFirst(db, ordinaryTables(db))) {
    if ((db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number) > 0) continue;
    const sql = sqlOf(table);
    const columns = (db.pragma(`table_xinfo("${table}")`) as Column[]).filter((column) => column.hidden === 0);
    const fks = db.pragma(`foreign_key_list("${table}")`) as ForeignKey[];
    const choice = new Map<string, number>(columns.map((column) => [column.name, 0]));
    let lastError = '';
    let filled = false;
    for (let attempt = 0; attempt < 60 && !filled; attempt++) {
      const values = columns.map((column) => {
        const fk = fks.find((key) => key.from === column.name);
        if (fk) {
          const parentColumn = fk.to ?? ((db.pragma(`table_info("${fk.table}")`) as Column[]).find((col) => col.pk === 1)?.name ?? 'rowid');
          const parent = db.prepare(`SELECT "${parentColumn}" FROM "${fk.table}" LIMIT 1`).pluck().get();
          if (parent !== undefined) return parent;
        }
        const options = candidates(sql, column, 1);
        return options[choice.get(column.name)! % options.length];
      });
      try {
        db.prepare(`INSERT INTO "${table}" (${columns.map((column) => `"${column.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values);
        filled = true;
      } catch (error) {
        lastError = (error as Error).message;
        // Turn the column the error names, or else each in turn.
        const named = columns.find((column) => new RegExp(`\\b${column.name}\\b`).test(lastError));
        const turn = named ?? columns[attempt % columns.length]!;
        choice.set(turn.name, choice.get(turn.name)! + 1);
      }
    }
    if (!filled) failures.push({ table, reason: lastError });
  }
  return failures;
}

/**
 * Every row of every ordinary table as JSON (columns sorted), sorted: `columnsOf` narrows a table
 * to the columns a comparison shares, `from` reads a table through a query (a column a migration
 * moved into another table, joined back).
 */
export function rowsOf(db: Db, columnsOf?: (table: string) => string[] | undefined, from?: (table: string) => string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    ordinaryTables(db).map((table) => {
      const source = from?.(table) ?? `"${table}"`;
      const present = db.prepare(`SELECT * FROM ${source} LIMIT 0`).columns().map((column) => column.name);
      const wanted = columnsOf?.(table)?.filter((column) => present.includes(column)) ?? present;
      const rows = db.prepare(`SELECT ${wanted.map((column) => `"${column}"`).join(', ') || '1'} FROM ${source}`).all() as Record<string, unknown>[];
      return [table, rows.map((row) => JSON.stringify(Object.keys(row).sort().map((name) => [name, row[name] instanceof Buffer ? (row[name] as Buffer).toString('hex') : row[name]]))).sort()];
    }),
  );
}

export function columnsOfTables(db: Db): Record<string, string[]> {
  return Object.fromEntries(ordinaryTables(db).map((table) => [table, (db.pragma(`table_xinfo("${table}")`) as Column[]).filter((column) => column.hidden === 0).map((column) => column.name)]));
}
