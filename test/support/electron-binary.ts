import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Electron binary npm installed, or null. Unlike `require('electron')`, this never starts a
 * download: the tests must not reach for the network.
 */
export function installedElectronBinary(): string | null {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
