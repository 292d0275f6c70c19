/** One change to the database's schema; its version is the number in its file's name. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The migrations as listed, refused unless they are numbered 1, 2, 3… in that order: a file's
 * version becomes the database's `user_version`, so a gap or a repeat would skip or rerun one.
 */
export function inSequence(listed: readonly Migration[]): readonly Migration[] {
  for (const [index, migration] of listed.entries()) {
    if (migration.version !== index + 1) {
      throw new Error(`migration ${migration.version} (${migration.name}) is listed at position ${index + 1}: migrations are numbered 1, 2, 3… in order`);
    }
  }
  return listed;
}
