import * as asar from '@electron/asar';
import fuses from '@electron/fuses';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkPackage, configuredAppImageToolset, inspectPackage, requiredFuses, standInElectronBinary } from '../../scripts/check-package.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-package-test-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the package electron-builder makes', () => {
  test('ships only the built app and its runtime dependencies, under budget, with the fuses flipped, the sandbox kept and the app id shared, even beside an earlier npm run dist', async () => {
    // What `npm run dist` leaves in dist/: its unpacked app, with a copy of the native prebuilds
    // (made larger than the budget's headroom). None of it may end up in the next package.
    const earlierDist = path.join(root, 'dist');
    const planted = !existsSync(earlierDist);
    if (planted) {
      const prebuilds = path.join(earlierDist, 'linux-unpacked', 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds');
      await mkdir(prebuilds, { recursive: true });
      await writeFile(path.join(prebuilds, `linux-${process.arch}.node`), Buffer.alloc(3 * 1024 * 1024));
    }
    try {
      const report = await checkPackage();
      for (const warning of report.warnings) console.log(`warning: ${warning}`);
      expect(report.problems).toEqual([]);
      expect(report.fileCount).toBeGreaterThan(10);
    } finally {
      if (planted) await rm(earlierDist, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('electron-builder.yml', () => {
  const config = () => readFile(path.join(root, 'electron-builder.yml'), 'utf8');

  test('every file pattern that takes something in is anchored at the project, so dist/ and other folders never match', async () => {
    const files = /^files:\n((?:[ \t]+.*\n)*)/m.exec(await config())![1]!;
    const patterns = [...files.matchAll(/^[ \t]+- '?([^'\n]+)'?$/gm)].map((match) => match[1]!);
    const including = patterns.filter((pattern) => !pattern.startsWith('!'));
    expect(including).toContain('node_modules/better-sqlite3/prebuilds/${platform}-${arch}.node');
    for (const pattern of including) expect(pattern, pattern).not.toMatch(/^\*\*/);
  });

  test('the AppImage starts on the static runtime, which needs no libfuse2', async () => {
    expect(await configuredAppImageToolset()).toMatch(/^1\.\d+\.\d+$/);
    expect(await configuredAppImageToolset()).not.toBe('1.0.2');
  });

  test('cookie encryption is on exactly when the app keeps cookies or uses safeStorage (on macOS it is a keychain entry that asks after updates)', async () => {
    const sources = ['src-main', 'src-preload', 'src-renderer', 'src-shared'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name)),
    );
    expect(sources.length).toBeGreaterThan(100);
    const users: string[] = [];
    for (const file of sources) {
      if (/\bsafeStorage\b|\.cookies\b|document\.cookie|setCookie/.test(await readFile(file, 'utf8'))) users.push(path.relative(root, file));
    }
    const usesCookieStore = users.length > 0;
    expect(/^[ \t]+enableCookieEncryption: (true|false)$/m.exec(await config())?.[1], `cookie store used by: ${users.join(', ') || 'nothing'}`).toBe(String(usesCookieStore));
    expect(requiredFuses[fuses.FuseV1Options.EnableCookieEncryption]).toBe(usesCookieStore);
  });
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
      // The plain build where the ciphers build belongs: it cannot open the encrypted database.
      'node_modules/better-sqlite3/package.json': '{"name":"better-sqlite3","version":"13.2.0"}',
      'node_modules/better-sqlite3/prebuilds/win32-x64.node': 'MZ',
      // Packed into the asar, where the OS's loader cannot open it.
      'node_modules/sqlite-vec-linux-x64/vec0.so': 'ELF',
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
      appImageToolset: '0.0.0',
    });
    const expected = [
      /test or simulator files: \/test\/sim\/gateway\.ts/,
      /simulator code in \/out\/main\/index\.js/,
      /devDependencies: react$/,
      /native module source .*better_sqlite3\.cpp/,
      /type declaration, source map or source files/,
      /other platforms' native binaries: .*win32-x64\.node/,
      /native binary of better-sqlite3 for linux-x64/,
      /node_modules\/better-sqlite3 is better-sqlite3, not better-sqlite3-multiple-ciphers/,
      /native binaries left inside app\.asar .*sqlite-vec-linux-x64\/vec0\.so/,
      /over its budget of 0\.0 MB/,
      /fuse RunAsNode is on, must be off/,
      /fuse OnlyLoadAppFromAsar is off, must be on/,
      /fuse EnableEmbeddedAsarIntegrityValidation is off, must be on/,
      /fuse EnableNodeOptionsEnvironmentVariable is on, must be off/,
      /main process does not use the appId com\.opsdesk\.app/,
      /AppImage starts with --no-sandbox \(Exec=AppRun --no-sandbox %U\)/,
      /AppImage uses the legacy runtime \(toolsets\.appimage 0\.0\.0\), which needs libfuse2/,
    ];
    for (const pattern of expected) expect(problems.some((problem) => pattern.test(problem)), `${pattern} in\n${problems.join('\n')}`).toBe(true);
  });
});
