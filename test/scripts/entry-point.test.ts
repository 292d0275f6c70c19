import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { isEntryPoint } from '../../scripts/entry-point.ts';

const scripts = path.resolve(import.meta.dirname, '../../scripts');
const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-entry-point-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('a script knows it was started', () => {
  const checkPackage = path.join(scripts, 'check-package.ts');

  test('by its own path, also through a link, and not by another file', async () => {
    const url = pathToFileURL(checkPackage).href;
    expect(isEntryPoint(url, checkPackage)).toBe(true);
    const linked = path.join(scratch, 'check-package.ts');
    await symlink(checkPackage, linked);
    expect(isEntryPoint(url, linked)).toBe(true);
    expect(isEntryPoint(url, path.join(scripts, 'demo.ts'))).toBe(false);
    expect(isEntryPoint(url, undefined)).toBe(false);
  });

  test('without import.meta.main, which Node before 24.2 leaves undefined (the script would do nothing and exit 0)', async () => {
    const files = (await readdir(scripts)).filter((name) => name.endsWith('.ts'));
    for (const name of files) expect(await readFile(path.join(scripts, name), 'utf8'), name).not.toMatch(/import\.meta\.main(?!`)/);
  });

  test('a script started by Node runs: ensure-electron prints the binary or fails with a message, never silently', () => {
    const run = spawnSync(process.execPath, [path.join(scripts, 'ensure-electron.ts')], {
      encoding: 'utf8',
      // An unreachable mirror: where no binary is installed the download fails at once.
      env: { ...process.env, ELECTRON_MIRROR: 'https://127.0.0.1:9/', electron_config_cache: path.join(scratch, 'cache') },
      timeout: 60_000,
    });
    const said = `${run.stdout}${run.stderr}`;
    expect(run.status === 0 ? /^Electron: /m.test(said) : /Could not download the Electron/.test(said)).toBe(true);
  }, 70_000);
});
