/**
 * Makes sure the Electron binary is installed and can start here, and returns its path. Since
 * Electron 42, installing the npm package no longer downloads the binary, and electron-vite only
 * reads `path.txt`; this runs the package's own installer (`install.js`, which uses @electron/get:
 * checksums from the package, ELECTRON_MIRROR, proxy variables and the download cache all apply)
 * when the binary is missing. On Linux it then checks that Chromium's sandbox can start (see
 * `linuxSandboxProblem`), since Electron would otherwise abort at once with a message that does
 * not say what to do.
 *
 * `node scripts/ensure-electron.ts` does it from the command line (`npm start`, `npm run dev` and
 * `npm run demo` run it first).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isEntryPoint } from './entry-point.ts';

export const electronPackageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));

export class ElectronInstallError extends Error {
  override name = 'ElectronInstallError';
}

/** The binary is there, but Chromium's sandbox cannot start on this system; the message says how to allow it. */
export class ElectronSandboxError extends Error {
  override name = 'ElectronSandboxError';
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
    const causes = pathToFileURL(path.join(import.meta.dirname, 'download-cause.ts')).href;
    const installer = spawn(process.execPath, ['--import', causes, path.join(packageDir, 'install.js')], {
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

/** The line `scripts/download-cause.ts` prints into the installer's output for a fetch that failed. */
export const DOWNLOAD_CAUSE_MARK = 'opsdesk-download-cause:';

/** What a failed fetch's cause says, reduced to what the message to the user needs. */
export interface DownloadCause {
  /** The host the request went to. */
  host: string;
  /** Node's or undici's code: ENOTFOUND, ECONNREFUSED, SELF_SIGNED_CERT_IN_CHAIN, UND_ERR_CONNECT_TIMEOUT… */
  code: string | null;
  message: string;
}

const proxyAdvice = 'behind a proxy set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1';
const mirrorAdvice = 'where GitHub is blocked point ELECTRON_MIRROR at a mirror you can reach';

/** A fetch's cause in words, with the advice that fits it. */
export function describeDownloadCause({ host, code, message }: DownloadCause): { failure: string; advice: string } {
  const hostName = host.replace(/:\d+$/, '');
  const named = code ? ` (${code})` : '';
  if (code && /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA)$/.test(code)) {
    return { failure: `the name ${hostName} could not be resolved${named}`, advice: `check the network connection and DNS; ${proxyAdvice}; ${mirrorAdvice}` };
  }
  if (code === 'ECONNREFUSED') {
    return { failure: `${host} refused the connection${named}`, advice: `nothing answers there: check ELECTRON_MIRROR, or ${proxyAdvice}` };
  }
  if (code && /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|ENETUNREACH|EHOSTUNREACH)$/.test(code)) {
    return { failure: `${host} did not answer${named}`, advice: `a firewall may be in the way: ${proxyAdvice}; ${mirrorAdvice}` };
  }
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME/.test(code)) {
    return {
      failure: `the certificate of ${hostName} is not trusted${named}`,
      advice: 'a proxy or mirror with its own certificate authority needs that CA in NODE_EXTRA_CA_CERTS (a PEM file); verification is never switched off',
    };
  }
  if (code && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/.test(code)) {
    return { failure: `the connection to ${host} was cut${named}`, advice: `try again; ${proxyAdvice}` };
  }
  return { failure: `${message}${code && !message.includes(code) ? named : ''}`, advice: `check the network; ${proxyAdvice}; ${mirrorAdvice}` };
}

/**
 * Why the installer failed, in one line with the advice for that cause: a fetch's cause that
 * download-cause.ts printed, else the first line of its error that says what went wrong (an HTTP
 * status, a checksum mismatch), not a stack frame.
 */
export function downloadFailure(output: string): { failure: string; advice: string } {
  const lines = output.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('at '));
  const marked = lines.find((line) => line.startsWith(DOWNLOAD_CAUSE_MARK));
  if (marked) {
    try {
      return describeDownloadCause(JSON.parse(marked.slice(DOWNLOAD_CAUSE_MARK.length)) as DownloadCause);
    } catch {
      // A garbled line says nothing: read the rest of the output.
    }
  }
  const rest = lines.filter((line) => !line.startsWith(DOWNLOAD_CAUSE_MARK));
  const failure = rest.find((line) => /error|failed|mismatch|Response code/i.test(line)) ?? rest.at(-1) ?? 'no output';
  return { failure, advice: `check the network; ${proxyAdvice}; ${mirrorAdvice}` };
}

/** What the Linux sandbox check reads of the system; tests pass a fake one. */
export interface SandboxSystem {
  /** The user running Electron (`process.getuid()`). */
  uid: number | undefined;
  /** Owner and mode of a file, or null when it is missing. */
  stat(file: string): { uid: number; mode: number } | null;
  /** A `/proc/sys` value, trimmed, or null where the kernel has no such setting. */
  sysctl(name: string): string | null;
  /** The text of each AppArmor profile file (`/etc/apparmor.d/*`). */
  appArmorProfiles(): string[];
}

const readOrNull = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

export const thisSystem: SandboxSystem = {
  uid: process.getuid?.(),
  stat(file) {
    try {
      const { uid, mode } = statSync(file);
      return { uid, mode };
    } catch {
      return null;
    }
  },
  sysctl: (name) => readOrNull(path.join('/proc/sys', ...name.split('.'))),
  appArmorProfiles() {
    try {
      return readdirSync('/etc/apparmor.d', { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readOrNull(path.join('/etc/apparmor.d', entry.name)) ?? '');
    } catch {
      return [];
    }
  },
};

const SETUID = 0o4000;
const OTHERS_EXECUTE = 0o001;

/** The AppArmor profile that lets this Electron binary create user namespaces (Ubuntu 23.10 and newer). */
export function appArmorProfileFor(binary: string, name = 'opsdesk-electron'): string {
  return ['abi <abi/4.0>,', 'include <tunables/global>', `profile ${name} "${binary}" flags=(unconfined) {`, '  userns,', '}'].join('\n');
}

/**
 * Whether Chromium's sandbox can start for `binary` on this Linux system, and if not, why and the
 * exact commands that allow it. Chromium sandboxes its renderers with unprivileged user namespaces,
 * or else with the setuid helper `chrome-sandbox` beside the binary; the helper the download unpacks is
 * owned by the user and not setuid, so where namespaces are refused Electron aborts at start
 * ("The SUID sandbox helper binary was found, but is not configured correctly", SIGTRAP;
 * electron/electron#42510): Ubuntu 23.10 and newer restrict namespaces by AppArmor
 * (`kernel.apparmor_restrict_unprivileged_userns = 1`) to programs with a profile that allows them;
 * some kernels switch them off (`kernel.unprivileged_userns_clone = 0`, `user.max_user_namespaces = 0`).
 * As root Chromium's sandbox does not start at all. OpsDesk never runs without it, so the answer is
 * never to switch it off. Null: it can start (as far as these settings tell).
 */
export function linuxSandboxProblem(binary: string, system: SandboxSystem = thisSystem): string | null {
  if (system.uid === 0) {
    return (
      'Electron is started as root here, and Chromium\'s sandbox does not run as root (Electron stops at once: "Running as root … is not supported"). ' +
      'OpsDesk never runs without its sandbox: run it as your own user, not with sudo or in a root shell.'
    );
  }
  const helper = path.join(path.dirname(binary), 'chrome-sandbox');
  const helperStat = system.stat(helper);
  if (helperStat && helperStat.uid === 0 && helperStat.mode & SETUID && helperStat.mode & OTHERS_EXECUTE) return null;

  const restrictedByAppArmor = system.sysctl('kernel.apparmor_restrict_unprivileged_userns') === '1';
  const switchedOff = system.sysctl('kernel.unprivileged_userns_clone') === '0' || system.sysctl('user.max_user_namespaces') === '0';
  const allowedByProfile = restrictedByAppArmor && system.appArmorProfiles().some((profile) => profile.includes(binary) && /\buserns\b/.test(profile));
  if (!switchedOff && (!restrictedByAppArmor || allowedByProfile)) return null;

  const why = switchedOff
    ? 'this kernel does not allow unprivileged user namespaces (kernel.unprivileged_userns_clone or user.max_user_namespaces is 0)'
    : 'AppArmor restricts unprivileged user namespaces here (kernel.apparmor_restrict_unprivileged_userns = 1, as on Ubuntu 23.10 and newer)';
  const quoted = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;
  const lines = [
    `Electron's sandbox cannot start on this system: ${why}, and ${helper} ${helperStat ? 'is not setuid root' : 'is missing'}. ` +
      'Electron would stop at once ("The SUID sandbox helper binary was found, but is not configured correctly"), and OpsDesk never runs without its sandbox. Allow it once, either way:',
    '  1. make Electron\'s sandbox helper setuid root (again after each reinstall of node_modules):',
    `       sudo chown root:root ${quoted(helper)}`,
    `       sudo chmod 4755 ${quoted(helper)}`,
  ];
  if (!switchedOff) {
    lines.push(
      '  2. or give this Electron an AppArmor profile that allows user namespaces:',
      "       sudo tee /etc/apparmor.d/opsdesk-electron >/dev/null <<'PROFILE'",
      ...appArmorProfileFor(binary).split('\n').map((line) => `       ${line}`),
      '       PROFILE',
      '       sudo apparmor_parser -r /etc/apparmor.d/opsdesk-electron',
    );
  }
  lines.push('Then run the command again. README.md, "Electron binary", says the same.');
  return lines.join('\n');
}

export interface EnsureElectronOptions {
  packageDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the download's progress is told; the console by default. */
  report?: (line: string) => void;
  progressIntervalMs?: number;
  /** Checks that Chromium's sandbox can start (Linux only); on unless a test of the download turns it off. */
  checkSandbox?: boolean;
  /** What the sandbox check reads of the system; this machine by default. */
  system?: SandboxSystem;
  platform?: NodeJS.Platform;
}

/**
 * Returns the path of an Electron binary that can start here: downloaded when missing. Throws
 * ElectronInstallError when it cannot be downloaded, ElectronSandboxError when its sandbox cannot
 * start; either message says why in its first line and what to do.
 */
export async function ensureElectron(options: EnsureElectronOptions = {}): Promise<string> {
  const binary = await installElectron(options);
  const problem = options.checkSandbox === false || (options.platform ?? process.platform) !== 'linux' ? null : linuxSandboxProblem(binary, options.system);
  if (problem) throw new ElectronSandboxError(problem);
  return binary;
}

/**
 * The installer's own progress bar shows only on a terminal and only after 30 s, so a first run
 * would sit silent through a 100 MB download: the installer downloads into a folder of ours, whose
 * growth is reported instead.
 */
async function installElectron(options: EnsureElectronOptions): Promise<string> {
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
  const { failure, advice } = downloadFailure(output);
  throw new ElectronInstallError(
    `Could not download the Electron ${version} binary from ${source}: ${failure}; ${advice}.\n` +
      'OpsDesk needs it to open its window; then run `node scripts/ensure-electron.ts` again.',
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
