/** The object without its undefined fields, for shapes whose optional fields must be absent, not undefined. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
