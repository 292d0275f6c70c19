/**
 * npm run check-package: packages OpsDesk with electron-builder for Linux (the unpacked app, and the
 * AppImage target up to its desktop entry), against a stand-in Electron (a file carrying Electron's
 * fuse wire, so the real fuse flipping runs), then reads what would ship: `app.asar` and its
 * unpacked files, the fuses in the binary, and the AppImage's launch arguments. It fails on test or
 * simulator code, devDependencies, native module sources, files only a compiler or an editor
 * needs, other platforms' native binaries, a package over the size budget, a fuse left in
 * Electron's default state, an AppImage started with `--no-sandbox` or on the libfuse2 runtime, or
 * a main process whose AppUserModelID is not electron-builder.yml's `appId`. Runs without internet
 * and without the Electron binary, and after an `npm run dist` (whose dist/ must not ship).
 *
 * The ASAR integrity fuse is checked here on the Linux build, but Electron enforces it only on
 * macOS and Windows: on Linux nothing verifies `app.asar` against its header hash at start.
 */
import * as asar from '@electron/asar';
import fuses from '@electron/fuses';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isEntryPoint } from './entry-point.ts';

const { FuseV1Options, getCurrentFuseWire } = fuses;
type FuseV1Options = fuses.FuseV1Options;
// A fuse's byte in the wire: ASCII '1' on, '0' off (@electron/fuses' FuseState, which it does not export).
const FUSE_ON = 0x31;
const FUSE_OFF = 0x30;

const root = path.resolve(import.meta.dirname, '..');

/** app.asar plus its unpacked native files; a release ships about 12 MB of its own beside Electron. */
export const APP_SIZE_BUDGET_BYTES = 20 * 1024 * 1024;

/**
 * What a shipped OpsDesk must have: no Node entry points, code only from the checked asar. Cookie
 * encryption is off because the app keeps no cookies and uses no safeStorage (a test in
 * test/package/ holds that); on macOS it only made a keychain entry that asked again after updates.
 */
export const requiredFuses: Partial<Record<FuseV1Options, boolean>> = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

// Strings that exist only in the simulators (test/sim/certs.ts, test/sim/sim-server.ts).
const simulatorMarkers = ['OpsDesk Simulator CA', 'simulator is not listening'];
const nativeSourceFile = /\.(c|cc|cpp|cxx|h|hh|hpp|gyp|gypi|mk)$|\/Makefile$/;
const editorOnlyFile = /\.(d\.ts|d\.mts|d\.cts|map|ts|mts|cts|md|markdown)$/;

export interface PackageReport {
  problems: string[];
  /** Bytes of app.asar plus app.asar.unpacked. */
  appBytes: number;
  fileCount: number;
  /** Problems that npm's view of a shared node_modules causes, not the configuration (see below). */
  warnings: string[];
}

function directorySize(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** The package name a path inside node_modules belongs to, e.g. `@napi-rs/keyring`. */
function packageOf(file: string): string | null {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : null;
}

/** Reads an unpacked Linux build (`linux-unpacked/`) and lists everything that must not ship. */
export async function inspectPackage(
  appDir: string,
  options: {
    executable: string;
    devDependencies: string[];
    platform: string;
    arch: string;
    budgetBytes?: number;
    /**
     * The project's node_modules is a link to another checkout's (a git worktree): npm then calls
     * every package "extraneous" and electron-builder leaves out optional dependencies, so a
     * missing platform binding is a warning about this checkout, not a fault of the configuration.
     */
    nodeModulesIsLink?: boolean;
    /** electron-builder.yml's `appId`: the main bundle must give Windows this AppUserModelID. */
    appId: string;
    /** The AppImage's `.desktop` entry as electron-builder wrote it. */
    appImageDesktopEntry: string;
    /** electron-builder.yml's `toolsets.appimage`: which AppImage runtime the AppImage starts with. */
    appImageToolset: string | null;
  },
): Promise<PackageReport> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const archive = path.join(appDir, 'resources', 'app.asar');
  const files = asar.listPackage(archive, { isPack: false }).map((file) => file.replaceAll('\\', '/'));
  const isFile = (file: string) => 'size' in asar.statFile(archive, file.slice(1), false);
  const shipped = files.filter(isFile);

  const outside = shipped.filter((file) => !file.startsWith('/out/') && !file.startsWith('/node_modules/') && file !== '/package.json');
  if (outside.length) problems.push(`files outside out/ and node_modules/: ${outside.slice(0, 5).join(', ')}`);
  const testFiles = shipped.filter((file) => /\/(test|tests|__tests__|sim)\//.test(file) && !file.startsWith('/node_modules/'));
  if (testFiles.length) problems.push(`test or simulator files: ${testFiles.slice(0, 5).join(', ')}`);
  for (const file of shipped.filter((name) => name.startsWith('/out/') && name.endsWith('.js'))) {
    const text = asar.extractFile(archive, file.slice(1)).toString('utf8');
    const marker = simulatorMarkers.find((candidate) => text.includes(candidate));
    if (marker) problems.push(`simulator code in ${file} (contains "${marker}")`);
  }

  const packages = new Set(shipped.map(packageOf).filter((name): name is string => name !== null));
  const devShipped = options.devDependencies.filter((name) => packages.has(name));
  if (devShipped.length) problems.push(`devDependencies: ${devShipped.join(', ')}`);

  const sources = shipped.filter((file) => nativeSourceFile.test(file));
  if (sources.length) problems.push(`${sources.length} native module source or build files, e.g. ${sources.slice(0, 3).join(', ')}`);
  const editorOnly = shipped.filter((file) => editorOnlyFile.test(file) || /\/node_modules\/.*\/src\//.test(file));
  if (editorOnly.length) problems.push(`${editorOnly.length} type declaration, source map or source files, e.g. ${editorOnly.slice(0, 3).join(', ')}`);

  const binaries = shipped.filter((file) => file.endsWith('.node'));
  const foreign = binaries.filter((file) => !path.basename(file).startsWith(`${options.platform}-${options.arch}.`) && /\/prebuilds\//.test(file));
  if (foreign.length) problems.push(`other platforms' native binaries: ${foreign.join(', ')}`);
  for (const [name, expected] of [
    ['better-sqlite3', `/node_modules/better-sqlite3/prebuilds/${options.platform}-${options.arch}.node`],
    ['@napi-rs/keyring', `/node_modules/@napi-rs/keyring-${options.platform}-${options.arch}`],
  ] as const) {
    if (binaries.some((file) => file.startsWith(expected))) continue;
    const missing = `the native binary of ${name} for ${options.platform}-${options.arch} (${expected}…) is missing`;
    if (options.nodeModulesIsLink) warnings.push(`${missing}: node_modules is a symbolic link here`);
    else problems.push(missing);
  }
  // package.json's `better-sqlite3` is the alias of the ciphers build: plain better-sqlite3 would
  // read an encrypted database as "file is not a database" (src-main/core/db/database-file.ts).
  const sqlitePackage = '/node_modules/better-sqlite3/package.json';
  if (shipped.includes(sqlitePackage)) {
    const name = (JSON.parse(asar.extractFile(archive, sqlitePackage.slice(1)).toString('utf8')) as { name?: string }).name;
    if (name !== 'better-sqlite3-multiple-ciphers') problems.push(`node_modules/better-sqlite3 is ${name}, not better-sqlite3-multiple-ciphers: it cannot open the encrypted database`);
  }
  // sqlite-vec's loadable extension (src-main/core/db/vector-extension.ts): the OS's loader opens it, so it must be unpacked too.
  const vectorOs = options.platform === 'win32' ? 'windows' : options.platform;
  const vectorExtension = `/node_modules/sqlite-vec-${vectorOs}-${options.arch}/vec0.${options.platform === 'win32' ? 'dll' : options.platform === 'darwin' ? 'dylib' : 'so'}`;
  if (shipped.includes(vectorExtension)) binaries.push(vectorExtension);
  else if (options.nodeModulesIsLink) warnings.push(`the SQLite extension sqlite-vec for ${options.platform}-${options.arch} (${vectorExtension}) is missing: node_modules is a symbolic link here`);
  else problems.push(`the SQLite extension sqlite-vec for ${options.platform}-${options.arch} (${vectorExtension}) is missing: search by meaning cannot load`);
  const unpackedBinaries = binaries.filter((file) => !existsSync(path.join(appDir, 'resources', 'app.asar.unpacked', file)));
  if (unpackedBinaries.length) problems.push(`native binaries left inside app.asar (they cannot be loaded from there): ${unpackedBinaries.join(', ')}`);

  const mainBundles = shipped.filter((file) => file.startsWith('/out/main/') && file.endsWith('.js'));
  const namesAppId = mainBundles.some((file) => {
    const text = asar.extractFile(archive, file.slice(1)).toString('utf8');
    return text.includes(`'${options.appId}'`) || text.includes(`"${options.appId}"`);
  });
  if (!namesAppId) problems.push(`the main process does not use the appId ${options.appId} as its AppUserModelID (src-main/electron/app-id.ts)`);
  const exec = /^Exec=(.*)$/m.exec(options.appImageDesktopEntry)?.[1];
  if (exec === undefined) problems.push('the AppImage desktop entry has no Exec line');
  else if (/(^|\s)--no-sandbox(\s|$)/.test(exec)) problems.push(`the AppImage starts with --no-sandbox (Exec=${exec}); set appImage.executableArgs`);
  if (options.appImageToolset === null || options.appImageToolset === '0.0.0') {
    problems.push(`the AppImage uses the legacy runtime (toolsets.appimage ${options.appImageToolset ?? 'unset'}), which needs libfuse2: Ubuntu 22.04 and newer do not have it`);
  }

  const appBytes = statSync(archive).size + directorySize(path.join(appDir, 'resources', 'app.asar.unpacked'));
  const budget = options.budgetBytes ?? APP_SIZE_BUDGET_BYTES;
  if (appBytes > budget) problems.push(`the app is ${(appBytes / 1048576).toFixed(1)} MB, over its budget of ${(budget / 1048576).toFixed(1)} MB`);

  const wire = await getCurrentFuseWire(path.join(appDir, options.executable));
  for (const [index, expected] of Object.entries(requiredFuses)) {
    const state = wire[Number(index) as FuseV1Options];
    const wanted = expected ? FUSE_ON : FUSE_OFF;
    if (state !== wanted) problems.push(`fuse ${FuseV1Options[Number(index)]} is ${state === FUSE_ON ? 'on' : 'off'}, must be ${expected ? 'on' : 'off'}`);
  }
  return { problems, warnings, appBytes, fileCount: shipped.length };
}

/** Electron's fuse wire as a real binary carries it: sentinel, version 1, length, then one byte per fuse. */
export function standInElectronBinary(defaults = '10110001'): Buffer {
  return Buffer.concat([Buffer.from('#!/bin/sh\necho "stand-in Electron for the package check"\nexit 1\n'), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, defaults.length]), Buffer.from(defaults), Buffer.from('\n')]);
}

/** electron-builder.yml's `appId`, as the file states it. */
export async function configuredAppId(): Promise<string | null> {
  return /^appId: (\S+)$/m.exec(await readFile(path.join(root, 'electron-builder.yml'), 'utf8'))?.[1] ?? null;
}

/** electron-builder.yml's `toolsets.appimage` (the AppImage runtime), as the file states it; null when unset. */
export async function configuredAppImageToolset(): Promise<string | null> {
  const config = await readFile(path.join(root, 'electron-builder.yml'), 'utf8');
  const toolsets = /^toolsets:\n((?:[ \t]+.*\n?)*)/m.exec(config)?.[1] ?? '';
  return /^[ \t]+appimage:[ \t]*'?"?([\w.]+)/m.exec(toolsets)?.[1] ?? null;
}

/**
 * Packs the app for Linux and runs the AppImage target only until it has computed its desktop
 * entry (electron-builder's `effectiveOptionComputed` hook, which stops the target there), so no
 * AppImage tool is downloaded and the unpacked app is left to inspect.
 */
async function packLinux(electronDist: string, output: string): Promise<{ appImageDesktopEntry: string }> {
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string };
  const { build, Platform, Arch } = (await import('electron-builder')).default;
  let appImageDesktopEntry = '';
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('AppImage', Arch[process.arch as keyof typeof Arch]),
    config: { extends: path.join(root, 'electron-builder.yml'), electronDist, electronVersion: version, directories: { output } },
    effectiveOptionComputed: async (computed: unknown) => {
      if (typeof computed !== 'object' || computed === null || !('desktop' in computed)) return false;
      appImageDesktopEntry = String(computed.desktop);
      return true;
    },
  });
  return { appImageDesktopEntry };
}

/**
 * Packs the built app (`out/`) for Linux on the stand-in Electron into `scratch` (its `electron/`
 * and `dist/`), as `npm run dist` would: the unpacked app's folder (`resources/app.asar` and its
 * unpacked native files) and the AppImage's desktop entry. The launch smoke test runs the real
 * Electron on that same `app.asar`.
 */
export async function packLinuxApp(scratch: string): Promise<{ appDir: string; appImageDesktopEntry: string }> {
  const electronDist = path.join(scratch, 'electron');
  await mkdir(electronDist, { recursive: true });
  await writeFile(path.join(electronDist, 'electron'), standInElectronBinary());
  await chmod(path.join(electronDist, 'electron'), 0o755);
  const { appImageDesktopEntry } = await packLinux(electronDist, path.join(scratch, 'dist'));
  const appDir = path.join(scratch, 'dist', process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`);
  return { appDir, appImageDesktopEntry };
}

/** Packages the built app (`out/`) into a scratch folder and inspects it; the folder is removed. */
export async function checkPackage(options: { budgetBytes?: number } = {}): Promise<PackageReport> {
  if (!existsSync(path.join(root, 'out', 'main', 'index.js'))) {
    return { problems: ['out/ is not built: run `npm run build` first'], warnings: [], appBytes: 0, fileCount: 0 };
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-package-check-'));
  try {
    let packed: { appDir: string; appImageDesktopEntry: string };
    try {
      packed = await packLinuxApp(scratch);
    } catch (error) {
      return { problems: [`electron-builder failed: ${error instanceof Error ? error.message : String(error)}`], warnings: [], appBytes: 0, fileCount: 0 };
    }
    const appId = await configuredAppId();
    if (!appId) return { problems: ['electron-builder.yml states no appId'], warnings: [], appBytes: 0, fileCount: 0 };
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    return await inspectPackage(packed.appDir, {
      executable: 'opsdesk',
      devDependencies: Object.keys(manifest.devDependencies ?? {}),
      platform: 'linux',
      arch: process.arch,
      nodeModulesIsLink: lstatSync(path.join(root, 'node_modules')).isSymbolicLink(),
      appId,
      appImageDesktopEntry: packed.appImageDesktopEntry,
      appImageToolset: await configuredAppImageToolset(),
      ...(options.budgetBytes ? { budgetBytes: options.budgetBytes } : {}),
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) {
  const report = await checkPackage();
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  if (report.problems.length) {
    console.error(`The package is not fit to ship:\n${report.problems.map((problem) => `- ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(
    `Package check passed: ${report.fileCount} files, ${(report.appBytes / 1048576).toFixed(1)} MB of app, fuses set ` +
      '(Electron enforces ASAR integrity on macOS and Windows only), the AppImage keeps the sandbox and needs no libfuse2, the app id matches.',
  );
}
