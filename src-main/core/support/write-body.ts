// What every support write's request has in common (docs/api-assumptions.md, Support: the bodies
// OpsDesk sends).

export const pathOf = (...parts: string[]) => parts.map((part) => `/${encodeURIComponent(part)}`).join('');

/** Leaves out what the user left empty. */
export function present<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}
