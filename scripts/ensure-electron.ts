/**
 * Makes sure the Electron binary is installed and returns its path. Since Electron 42, installing
 * the npm package no longer downloads the binary, and electron-vite only reads `path.txt`; this runs
 * the package's own installer (`install.js`, which uses @electron/get: checksums from the package,
 * ELECTRON_MIRROR, proxy variables and the download cache all apply) when the binary is missing.
 *
 * `node scripts/ensure-electron.ts` does it from the command line (npm start runs it first).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { isEntryPoint } from './entry-point.ts';

export const electronPackageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));

export class ElectronInstallError extends Error {
  override name = 'ElectronInstallError';
}

/** The installed binary of the Electron package in `packageDir`, or null; never downloads. */
export function installedElectronBinary(packageDir = electronPackageDir): string | null {
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Where @electron/get keeps downloads between installs (its `env-paths` rule, or electron_config_cache). */
export function electronCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.electron_config_cache) return env.electron_config_cache;
  if (platform === 'darwin') return path.join(homedir(), 'Library', 'Caches', 'electron');
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(homedir(), 'AppData', 'Local'), 'electron', 'Cache');
  return path.join(env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'electron');
}

/** Bytes written so far under `dir`; files come and go while the installer works. */
function bytesUnder(dir: string): number {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .reduce((total, entry) => {
        try {
          return total + statSync(path.join(entry.parentPath, entry.name)).size;
        } catch {
          return total;
        }
      }, 0);
  } catch {
    return 0;
  }
}

function runInstaller(packageDir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const installer = spawn(process.execPath, [path.join(packageDir, 'install.js')], {
      cwd: packageDir,
      env: { ...env, ELECTRON_GET_NO_PROGRESS: env.ELECTRON_GET_NO_PROGRESS ?? (process.stdout.isTTY ? undefined : '1') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    installer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    installer.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    installer.on('error', reject);
    installer.on('close', (code) => resolve({ code, output }));
  });
}

/** The first line of the installer's error that says what went wrong (not a stack frame). */
function failureOf(output: string): string {
  const lines = output.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('at '));
  const failure = lines.find((line) => /error|failed|mismatch|Response code/i.test(line)) ?? lines.at(-1) ?? 'no output';
  // @electron/get lets fetch's cause (DNS, refused connection, untrusted certificate) go unprinted.
  return /fetch failed/.test(failure) ? `${failure} (the server could not be reached, or its certificate is not trusted)` : failure;
}

export interface EnsureElectronOptions {
  packageDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the download's progress is told; the console by default. */
  report?: (line: string) => void;
  progressIntervalMs?: number;
}

/**
 * The installer's own progress bar shows only on a terminal and only after 30 s, so a first run
 * would sit silent through a 100 MB download: the installer downloads into a folder of ours, whose
 * growth is reported instead.
 */
export async function ensureElectron(options: EnsureElectronOptions = {}): Promise<string> {
  const packageDir = options.packageDir ?? electronPackageDir;
  const env = options.env ?? process.env;
  const report = options.report ?? ((line: string) => console.log(line));
  const installed = installedElectronBinary(packageDir);
  if (installed) return installed;

  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const source = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror ?? 'https://github.com/electron/electron/releases/download/';
  report(`Downloading Electron ${version} (about 100 MB, once) from ${source}; it is kept in ${electronCacheDir(env)} for the next install.`);
  const downloads = await mkdtemp(path.join(tmpdir(), 'opsdesk-electron-download-'));
  let reported = 0;
  const progress = setInterval(() => {
    const bytes = bytesUnder(downloads);
    if (bytes > reported) report(`  ${(bytes / 1048576).toFixed(1)} MB downloaded`);
    reported = Math.max(reported, bytes);
  }, options.progressIntervalMs ?? 2_000);
  let result: { code: number | null; output: string };
  try {
    result = await runInstaller(packageDir, { ...env, TMPDIR: downloads, TEMP: downloads, TMP: downloads });
  } finally {
    clearInterval(progress);
    await rm(downloads, { recursive: true, force: true });
  }
  const { code, output } = result;
  const binary = installedElectronBinary(packageDir);
  if (code === 0 && binary) return binary;
  throw new ElectronInstallError(
    `Could not download the Electron ${version} binary from ${source}: ${failureOf(output)}\n` +
      'OpsDesk needs it to open its window. Check the network (behind a proxy: set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1), ' +
      'or point ELECTRON_MIRROR at a mirror you can reach, then run `node scripts/ensure-electron.ts` again.',
  );
}

if (isEntryPoint(import.meta.url)) {
  try {
    console.log(`Electron: ${await ensureElectron()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
