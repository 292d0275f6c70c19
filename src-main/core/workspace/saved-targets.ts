// Tabs and notification targets are kept in SQLite across versions; these read what an older
// version saved into today's shapes, and anything that no longer fits into nothing, one at a time.
import { navigationTargetSchema, tabSchema } from '../../../src-shared/contract/workspace.ts';
import type { NavigationTarget, Tab } from '../../../src-shared/contract/workspace.ts';

/** View kinds an older version saved under another name. */
const renamedKinds: Readonly<Record<string, string>> = { tickets: 'support' };

/** A tab saved as `{ id, view }` (before tabs held items) comes back with that view as its kind. */
export function readSavedTab(saved: unknown): Tab | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const kind = 'kind' in saved ? saved.kind : 'view' in saved ? saved.view : undefined;
  const parsed = tabSchema.safeParse({ ...saved, kind: currentKind(kind) });
  return parsed.success ? parsed.data : null;
}

export function readSavedTarget(saved: unknown): NavigationTarget | null {
  if (typeof saved !== 'object' || saved === null || !('kind' in saved)) return null;
  const parsed = navigationTargetSchema.safeParse({ ...saved, kind: currentKind(saved.kind) });
  return parsed.success ? parsed.data : null;
}

const currentKind = (kind: unknown): unknown => (typeof kind === 'string' ? (renamedKinds[kind] ?? kind) : kind);
