import type { ViewFilter } from '../../src-shared/contract/views.ts';

/** A view's filters as its own type says them: a few fields, each a word, a number, a switch or nothing. */
export type FlatFilter<Filter> = { [Field in keyof Filter]: ViewFilter[string] };

/** For a field whose value is one of a few words: those it may take. */
export type AllowedValues<Filter> = Partial<Record<keyof Filter, readonly unknown[]>>;

/**
 * What was kept, read tolerantly over the view's defaults: a field the view no longer has is
 * dropped, one of another type or outside its words (an older build's) keeps its default.
 */
export function keptOver<Filter extends FlatFilter<Filter>>(initial: Filter, kept: ViewFilter | undefined, allowed: AllowedValues<Filter> = {}): Filter {
  if (!kept) return initial;
  const read: ViewFilter = { ...(initial as ViewFilter) };
  for (const [field, fallback] of Object.entries(initial as ViewFilter)) {
    const value = kept[field];
    const sameType = value !== undefined && (typeof value === typeof fallback || (fallback === null && typeof value === 'string'));
    const words = allowed[field as keyof Filter];
    if (sameType && (!words || words.includes(value))) read[field] = value;
  }
  return read as unknown as Filter;
}
