import type { ReactNode } from 'react';
import { compareAddresses } from '../../../../src-shared/address-sort-key.ts';
import { translator } from '../../../language/translator.ts';
import { compareWords } from '../../../ui/format.ts';
import { Time } from '../../../ui/Time.tsx';
import type { Column } from '../table/VirtualTable.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';

type Value = string | number | boolean | null | undefined;

/** How a column of an appliance's page sorts its rows: addresses as numbers, numbers as numbers, words in the window's language. */
export type AdminColumn<T> = Column<T> & { compare?(a: T, b: T): number };

const asText = (value: Value) => (value === null || value === undefined ? '' : String(value));

interface Options<T> {
  grow?: boolean;
  /** What the cell shows, when not the value as text. */
  cell?(item: T): ReactNode;
  /** The text the cell shows, hovers and copies, when not the value as is. */
  shown?(item: T): string;
}

function column<T>(id: string, title: string, width: number, value: (item: T) => Value, compare: (a: Value, b: Value) => number, options: Options<T> & { className?: string } = {}): AdminColumn<T> {
  const shown = options.shown ?? ((item: T) => visibleText(asText(value(item))));
  return {
    id,
    title,
    width,
    ...(options.grow && { grow: true }),
    ...(options.className && { className: options.className }),
    sortable: true,
    cell: options.cell ?? ((item) => <bdi>{shown(item)}</bdi>),
    text: shown,
    compare: (a, b) => compare(value(a), value(b)),
  };
}

/** Words: a name, a type, a description. */
export const textColumn = <T,>(id: string, title: string, width: number, value: (item: T) => Value, options?: Options<T>) =>
  column(id, title, width, value, (a, b) => compareWords(asText(a), asText(b), translator.language), options);

/** An address, a range or a MAC: never broken, sorted as an address. */
export const addressColumn = <T,>(id: string, title: string, width: number, value: (item: T) => string | null | undefined, options?: Options<T>) =>
  column(id, title, width, value, (a, b) => compareAddresses(typeof a === 'string' ? a : null, typeof b === 'string' ? b : null), options);

/** A count or a port: grouped in the window's language, aligned right, sorted as a number. */
export const numberColumn = <T,>(id: string, title: string, width: number, value: (item: T) => number | null | undefined, shown: (item: T) => string) =>
  column(id, title, width, value, (a, b) => (typeof a === 'number' ? a : -Infinity) - (typeof b === 'number' ? b : -Infinity), { shown, className: 'vt-number' });

/** A moment, shown in the window's language with what the appliance sent on hover, sorted in time. */
export const timeColumn = <T,>(id: string, title: string, width: number, value: (item: T) => string | null | undefined) =>
  column(id, title, width, value, (a, b) => (Date.parse(asText(a)) || 0) - (Date.parse(asText(b)) || 0), { cell: (item) => <Time value={value(item)} /> });

/** Wide enough for a date and time with seconds in either language ("Nov 25, 2026, 10:46:03 AM"). */
export const TIME_WIDTH = 200;
