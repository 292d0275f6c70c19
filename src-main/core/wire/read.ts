// Reading what a server sent, tolerantly (design.md, "Where a doc in api/ is silent"): a field is
// read under any of its plausible names and from any type that carries its value; what cannot be
// read is absent, never an exception. Only a record's id decides whether the record is usable.

export type WireRecord = Readonly<Record<string, unknown>>;

/** Where a number sits when a server wraps it in an object (`{percent}`, `{active}`, `{value}`). */
const NUMBER_INSIDE = ['value', 'percent', 'active', 'current', 'count', 'used', 'total'] as const;
/** Where a list sits when a server wraps it in an object. */
const LIST_INSIDE = ['items', 'data', 'list', 'results', 'records', 'rows', 'entries'] as const;
/** Unix seconds stay below this until the year 5138; a larger number is milliseconds. */
const LARGEST_UNIX_SECONDS = 1e11;

export function readRecord(value: unknown): WireRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as WireRecord) : undefined;
}

export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(/%$/, '');
    if (trimmed === '') return undefined;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : undefined;
  }
  const record = readRecord(value);
  if (!record) return undefined;
  for (const name of NUMBER_INSIDE) {
    const inner = record[name];
    if (typeof inner === 'number' || typeof inner === 'string') {
      const number = readNumber(inner);
      if (number !== undefined) return number;
    }
  }
  return undefined;
}

/** Text; a number or boolean is shown as its text. */
export function readString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

/** An identifier: a non-empty string, or a number (`1024` and `"1024"` are the same id). */
export function readId(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 'enabled', 'open']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'disabled', 'closed']);

export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** A moment as ISO 8601 UTC, from ISO 8601 with any offset, or Unix seconds or milliseconds. */
export function readTime(value: unknown): string | undefined {
  let ms: number | undefined;
  const number = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof number === 'number' && Number.isFinite(number) && number >= 0) {
    ms = number < LARGEST_UNIX_SECONDS ? number * 1000 : number;
  } else if (typeof number === 'string' && /^\d{4}-\d{2}-\d{2}/.test(number.trim())) {
    ms = Date.parse(number.trim());
  }
  return ms === undefined || Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** An array, or the array an object carries under one of the usual names. */
export function readList(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const record = readRecord(value);
  if (!record) return undefined;
  for (const name of LIST_INSIDE) {
    const inner = record[name];
    if (Array.isArray(inner)) return inner;
  }
  return undefined;
}

/** Words: an array of strings (or ids), or one comma- or space-separated string. */
export function readStrings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((word) => word !== '');
  const list = readList(value);
  return list?.map(readId).filter((word): word is string => word !== undefined);
}

/** One record's fields, each read by any of its names: the first name present (not null) wins. */
export interface Fields {
  readonly record: WireRecord;
  raw(...names: string[]): unknown;
  number(...names: string[]): number | undefined;
  string(...names: string[]): string | undefined;
  id(...names: string[]): string | undefined;
  boolean(...names: string[]): boolean | undefined;
  time(...names: string[]): string | undefined;
  list(...names: string[]): readonly unknown[] | undefined;
  strings(...names: string[]): string[] | undefined;
  fields(...names: string[]): Fields | undefined;
}

export function fieldsOf(value: unknown): Fields | undefined {
  const record = readRecord(value);
  if (!record) return undefined;
  const raw = (...names: string[]) => {
    for (const name of names) {
      const field = record[name];
      if (field !== undefined && field !== null) return field;
    }
    return undefined;
  };
  /** The first name whose value can be read as wanted: `uptime: "n/a"` does not hide `uptime_seconds`. */
  const first = <T>(read: (value: unknown) => T | undefined) => (...names: string[]): T | undefined => {
    for (const name of names) {
      const result = read(record[name]);
      if (result !== undefined) return result;
    }
    return undefined;
  };
  return {
    record,
    raw,
    number: first(readNumber),
    string: first(readString),
    id: first(readId),
    boolean: first(readBoolean),
    time: first(readTime),
    list: first(readList),
    strings: first(readStrings),
    fields: first(fieldsOf),
  };
}

/**
 * The id and the texts a record cannot do without, each read under its names; undefined when one
 * is missing, so that the record is refused rather than guessed.
 */
export function requiredOf<K extends string>(fields: Fields, idNames: readonly string[], textNames: Readonly<Record<K, readonly string[]>>): ({ id: string } & Record<K, string>) | undefined {
  const id = fields.id(...idNames);
  if (id === undefined) return undefined;
  const required: Record<string, string> = { id };
  for (const [name, names] of Object.entries<readonly string[]>(textNames)) {
    const text = fields.string(...names);
    if (text === undefined) return undefined;
    required[name] = text;
  }
  return required as { id: string } & Record<K, string>;
}

/** Fields of a record that may arrive bare or wrapped in `data`/`result` (the envelope some servers add). */
export function unwrappedFieldsOf(value: unknown): Fields | undefined {
  const outer = fieldsOf(value);
  return outer?.fields('data', 'result') ?? outer;
}

export interface ReadRecords<T> {
  records: T[];
  /** Items without a usable id: left out, and counted so that the view can say so. */
  refused: number;
}

/** Every item of a list read by `read`, which returns undefined only for an item it cannot identify. */
export function readRecords<T>(value: unknown, read: (fields: Fields) => T | undefined): ReadRecords<T> {
  const records: T[] = [];
  let refused = 0;
  for (const item of readList(value) ?? []) {
    const fields = fieldsOf(item);
    const record = fields ? read(fields) : undefined;
    if (record === undefined) refused++;
    else records.push(record);
  }
  return { records, refused };
}
