// sqlite-vec (vector tables and nearest-neighbour search), loaded into each connection that reads or
// writes the meaning index: main's and the database worker's. Its npm package installs this
// platform's binary as an optional dependency (sqlite-vec-<os>-<arch>/vec0.<so|dylib|dll>).
import { getLoadablePath } from 'sqlite-vec';
import type { Db } from './database-file.ts';

/**
 * Where the binary is. Inside a packaged app the package resolves into app.asar, which the OS's
 * loader cannot read: electron-builder.yml unpacks it beside (app.asar.unpacked), as it does
 * better-sqlite3's .node file.
 */
export function vectorExtensionPath(): string {
  return getLoadablePath().replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

export function loadVectorExtension(db: Db): void {
  db.loadExtension(vectorExtensionPath());
}
