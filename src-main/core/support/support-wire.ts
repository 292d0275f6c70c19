// What every support resource's reader shares: the envelope's `data` as one record or a list page
// (`{items, next_cursor}`, docs/api-assumptions.md), and fields OpsDesk has no place for, kept as text.
import type { OtherField } from '../../../src-shared/contract/support.ts';
import type { CursorPage } from '../../../src-shared/contract/pages.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import { fieldsOf, readList, readRecords, unwrappedFieldsOf, type Fields, type WireRecord } from '../wire/read.ts';
import type { SupportResult } from './client.ts';
import { supportDialect } from './error-dialect.ts';

function malformed(result: SupportResult<unknown>): ServiceFailure {
  return new ServiceFailure(describeMalformedResponse(supportDialect, 200, 'unexpected_shape', result.requestId));
}

/** One record from an answer; an answer with no usable record is the server's fault, with its request id. */
export function readOne<T>(result: SupportResult<unknown>, read: (fields: Fields) => T | undefined): T {
  const fields = unwrappedFieldsOf(result.data);
  const record = fields ? read(fields) : undefined;
  if (record === undefined) throw malformed(result);
  return record;
}

export interface ReadPage<T> extends CursorPage<T> {
  /** Items without a usable id. */
  refused: number;
  /** How many items the page carried, usable or not. */
  received: number;
}

/** A list page: the items (a bare array or under the usual names) and the cursor of the next page. */
export function readPage<T>(result: SupportResult<unknown>, read: (fields: Fields) => T | undefined): ReadPage<T> {
  const list = readList(result.data);
  if (!list) throw malformed(result);
  const { records, refused } = readRecords(list, read);
  const page = fieldsOf(result.data);
  const nextCursor = page?.string('next_cursor', 'nextCursor', 'next', 'cursor', 'next_page_token') ?? null;
  return { items: records, nextCursor: nextCursor === '' ? null : nextCursor, refused, received: list.length };
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/** The fields of a record none of `known` names, as sent. */
export function otherOf(record: WireRecord, known: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name, value]) => !known.has(name) && value !== null && value !== undefined));
}

export function otherFieldsOf(other: Record<string, unknown>): OtherField[] {
  return Object.entries(other).map(([name, value]) => ({ name, value: textOf(value) }));
}

/** A string field, or null. */
export function stringOr(fields: Fields | undefined, ...names: string[]): string | null {
  return fields?.string(...names) ?? null;
}
