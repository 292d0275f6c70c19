import * as asar from '@electron/asar';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkPackage, inspectPackage, standInElectronBinary } from '../../scripts/check-package.ts';

const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-package-test-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the package electron-builder makes', () => {
  test('ships only the built app and its runtime dependencies, under budget, with the fuses flipped, the sandbox kept and the app id shared', async () => {
    const report = await checkPackage();
    for (const warning of report.warnings) console.log(`warning: ${warning}`);
    expect(report.problems).toEqual([]);
    expect(report.fileCount).toBeGreaterThan(10);
  }, 120_000);
});

describe('the package check', () => {
  async function writeFiles(base: string, files: Record<string, string | Buffer>) {
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(base, name)), { recursive: true });
      await writeFile(path.join(base, name), content);
    }
  }

  test('finds each thing that must not ship', async () => {
    const appDir = path.join(scratch, 'bad-unpacked');
    const appSource = path.join(scratch, 'bad-app');
    await writeFiles(appSource, {
      'package.json': '{"name":"opsdesk"}',
      'out/main/index.js': 'const ca = "OpsDesk Simulator CA";',
      'test/sim/gateway.ts': 'export {}',
      'node_modules/react/index.js': 'module.exports = {}',
      'node_modules/better-sqlite3/src/better_sqlite3.cpp': 'int main() {}',
      'node_modules/better-sqlite3/prebuilds/win32-x64.node': 'MZ',
      'node_modules/zod/index.d.ts': 'export {}',
      'node_modules/zod/index.js.map': '{}',
    });
    await mkdir(path.join(appDir, 'resources'), { recursive: true });
    await asar.createPackage(appSource, path.join(appDir, 'resources', 'app.asar'));
    await writeFile(path.join(appDir, 'electron'), standInElectronBinary());

    const { problems } = await inspectPackage(appDir, {
      executable: 'electron',
      devDependencies: ['react', 'vitest'],
      platform: 'linux',
      arch: 'x64',
      budgetBytes: 100,
      appId: 'com.opsdesk.app',
      appImageDesktopEntry: '[Desktop Entry]\nName=OpsDesk\nExec=AppRun --no-sandbox %U\n',
    });
    const expected = [
      /test or simulator files: \/test\/sim\/gateway\.ts/,
      /simulator code in \/out\/main\/index\.js/,
      /devDependencies: react$/,
      /native module source .*better_sqlite3\.cpp/,
      /type declaration, source map or source files/,
      /other platforms' native binaries: .*win32-x64\.node/,
      /native binary of better-sqlite3 for linux-x64/,
      /over its budget of 0\.0 MB/,
      /fuse RunAsNode is on, must be off/,
      /fuse OnlyLoadAppFromAsar is off, must be on/,
      /fuse EnableEmbeddedAsarIntegrityValidation is off, must be on/,
      /fuse EnableNodeOptionsEnvironmentVariable is on, must be off/,
      /main process does not use the appId com\.opsdesk\.app/,
      /AppImage starts with --no-sandbox \(Exec=AppRun --no-sandbox %U\)/,
    ];
    for (const pattern of expected) expect(problems.some((problem) => pattern.test(problem)), `${pattern} in\n${problems.join('\n')}`).toBe(true);
  });
});
