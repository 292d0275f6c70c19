// Which scopes a support key holds, the same rule in main (what an action may do) and the window (what it says).

/** `crm.*` grants every scope of the family, `*` every scope (docs/api-assumptions.md). */
export function holdsScope(scopes: readonly string[], scope: string): boolean {
  const family = scope.split('.')[0];
  return scopes.some((held) => held === scope || held === '*' || held === `${family}.*`);
}
