// Assertions over every item of a list. `expect(items.every(…)).toBe(true)` passes on an empty list
// (a filter that matched nothing proves nothing) and, when it fails, says only "expected false to be
// true"; these fail on an empty list and name the item that broke the rule.
import { inspect } from 'node:util';
import { assert } from 'vitest';

const shown = (item: unknown) => inspect(item, { depth: 3, breakLength: Infinity, maxStringLength: 300 });

/** Fails unless `items` is not empty and every item `holds`; `rule` says what each item should be. */
export function expectEach<T>(items: readonly T[], holds: (item: T, index: number) => unknown, rule: string): void {
  if (items.length === 0) assert.fail(`expected items that should each ${rule}, but the list is empty`);
  const broken = items.findIndex((item, index) => !holds(item, index));
  if (broken >= 0) assert.fail(`expected every item to ${rule}, but item ${broken} of ${items.length} does not: ${shown(items[broken])}`);
}

/** Fails unless `items` is not empty and no item `matches`; `rule` says what no item should be. */
export function expectNone<T>(items: readonly T[], matches: (item: T, index: number) => unknown, rule: string): void {
  if (items.length === 0) assert.fail(`expected items none of which should ${rule}, but the list is empty`);
  const found = items.findIndex((item, index) => matches(item, index));
  if (found >= 0) assert.fail(`expected no item to ${rule}, but item ${found} of ${items.length} does: ${shown(items[found])}`);
}
