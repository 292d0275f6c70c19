import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createPlainServer } from 'node:net';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  DOWNLOAD_CAUSE_MARK,
  ElectronSandboxError,
  appArmorProfileFor,
  downloadFailure,
  electronCacheDir,
  electronPackageDir,
  ensureElectron,
  installedElectronBinary,
  linuxSandboxProblem,
  type SandboxSystem,
} from '../../scripts/ensure-electron.ts';
import { createCertificateAuthority, issueServerCertificate } from '../sim/certs.ts';

const version = '45.4.1';
const artifact = `electron-v${version}-${process.platform}-${process.arch}.zip`;
const binaryName = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';

/** A zip with stored (uncompressed) entries: all a stand-in Electron release needs. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100755 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

const standInRelease = storedZip({ [binaryName]: '#!/bin/sh\necho stand-in electron\n', version: `v${version}` });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A local HTTPS mirror with a private CA; `served` decides what each artifact request gets. */
let mirror: Server;
let mirrorUrl: string;
let caFile: string;
let scratch: string;
let requests: string[] = [];
let served: Buffer | null = standInRelease;
/** How long the mirror pauses halfway through the release, as a slow link would. */
let stallMs = 0;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-ensure-electron-'));
  const ca = await createCertificateAuthority('Stand-in Electron mirror CA');
  const leaf = await issueServerCertificate(ca);
  caFile = path.join(scratch, 'ca.pem');
  await writeFile(caFile, ca.certPem);
  mirror = createServer({ cert: leaf.certPem, key: leaf.keyPem }, (request, response) => {
    requests.push(request.url ?? '');
    const body = served;
    if (request.url === `/v${version}/${artifact}` && body && stallMs) {
      response.writeHead(200, { 'content-length': body.length });
      response.write(body.subarray(0, body.length / 2));
      setTimeout(() => response.end(body.subarray(body.length / 2)), stallMs);
    } else if (request.url === `/v${version}/${artifact}` && body) response.writeHead(200).end(body);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `https://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => mirror.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

/** A copy of the electron package's installer with no binary, whose checksums list the stand-in release. */
let packageDir: string;
beforeEach(async () => {
  requests = [];
  served = standInRelease;
  packageDir = await mkdtemp(path.join(scratch, 'electron-'));
  await copyFile(path.join(electronPackageDir, 'install.js'), path.join(packageDir, 'install.js'));
  await writeFile(path.join(packageDir, 'package.json'), JSON.stringify({ name: 'electron', version }));
  await writeFile(path.join(packageDir, 'checksums.json'), JSON.stringify({ [artifact]: sha256(standInRelease) }));
});
afterEach(() => rm(packageDir, { recursive: true, force: true }));

/** The download tests are about the download; the sandbox check has its own tests below. */
const download = (options: Parameters<typeof ensureElectron>[0] = {}) => ensureElectron({ packageDir, checkSandbox: false, ...options });

const installEnv = () => ({
  ...process.env,
  // The copied installer finds @electron/get in the project's node_modules.
  NODE_PATH: path.dirname(electronPackageDir),
  NODE_EXTRA_CA_CERTS: caFile,
  ELECTRON_MIRROR: mirrorUrl,
  electron_config_cache: path.join(packageDir, 'cache'),
});

describe('ensure-electron', () => {
  test('a missing binary is downloaded from the mirror, checked and installed where electron-vite looks', async () => {
    expect(installedElectronBinary(packageDir)).toBeNull();
    const binary = await download({ env: installEnv() });
    expect(binary).toBe(path.join(packageDir, 'dist', binaryName));
    expect(await readFile(binary, 'utf8')).toContain('stand-in electron');
    expect(await readFile(path.join(packageDir, 'path.txt'), 'utf8')).toBe(binaryName);
    expect(requests).toEqual([`/v${version}/${artifact}`]);

    expect(await download({ env: installEnv() })).toBe(binary);
    expect(requests).toHaveLength(1);
  });

  test('a first download says what it fetches, from where, where it is kept, and how far it got', async () => {
    const lines: string[] = [];
    stallMs = 1_500;
    try {
      await download({ env: installEnv(), report: (line) => lines.push(line), progressIntervalMs: 100 });
    } finally {
      stallMs = 0;
    }
    expect(lines[0]).toBe(
      `Downloading Electron ${version} (about 100 MB, once) from ${mirrorUrl}; it is kept in ${path.join(packageDir, 'cache')} for the next install.`,
    );
    expect(lines.slice(1)).toContainEqual(expect.stringMatching(/^ {2}\d+\.\d MB downloaded$/));
  });

  test('the cache is where @electron/get keeps it on each system', () => {
    expect(electronCacheDir({ XDG_CACHE_HOME: '/home/a/.cache' }, 'linux')).toBe('/home/a/.cache/electron');
    expect(electronCacheDir({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32')).toBe(path.join('C:\\Users\\a\\AppData\\Local', 'electron', 'Cache'));
    expect(electronCacheDir({}, 'darwin')).toMatch(/Library\/Caches\/electron$/);
    expect(electronCacheDir({ electron_config_cache: '/srv/cache' }, 'linux')).toBe('/srv/cache');
  });

  test('an unreachable release fails with a message naming the version, the source and the HTTP status', async () => {
    served = null;
    const failure = download({ env: installEnv() });
    await expect(failure).rejects.toThrow(`Could not download the Electron ${version} binary from ${mirrorUrl}`);
    await expect(failure).rejects.toThrow(/404/);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });

  test('a download that does not match the package checksum is refused and nothing is installed', async () => {
    served = storedZip({ [binaryName]: '#!/bin/sh\necho tampered\n' });
    await expect(download({ env: installEnv() })).rejects.toThrow(/checksum/i);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });

  test('a mirror whose certificate is not trusted is refused', async () => {
    const { NODE_EXTRA_CA_CERTS: _trusted, ...untrusted } = installEnv();
    const failure = download({ env: untrusted });
    // The cause, in the first line, with the advice for it.
    await expect(failure).rejects.toThrow(/^Could not download the Electron [\d.]+ binary from \S+: the certificate of 127\.0\.0\.1 is not trusted \([A-Z_]+\); .*NODE_EXTRA_CA_CERTS/);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });

  test('a mirror that refuses the connection is named, with what to check', async () => {
    const closed = createPlainServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = download({ env: { ...installEnv(), ELECTRON_MIRROR: `https://127.0.0.1:${port}/` } });
    await expect(failure).rejects.toThrow(new RegExp(`^Could not download .*: 127\\.0\\.0\\.1:${port} refused the connection \\(ECONNREFUSED\\); nothing answers there: check ELECTRON_MIRROR`));
  });
});

describe('why a download failed, in one line with the advice', () => {
  const causeLine = (cause: object) => `${DOWNLOAD_CAUSE_MARK}${JSON.stringify(cause)}\nTypeError: fetch failed\n    at node:internal/deps/undici/undici:13502:13`;

  test.each([
    [{ host: 'github.com', code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND github.com' }, 'the name github.com could not be resolved (ENOTFOUND)', /DNS; behind a proxy set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1; .*ELECTRON_MIRROR/],
    [{ host: 'github.com', code: 'EAI_AGAIN', message: 'getaddrinfo EAI_AGAIN github.com' }, 'the name github.com could not be resolved (EAI_AGAIN)', /DNS/],
    [{ host: 'mirror.corp:8443', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.1.2.3:8443' }, 'mirror.corp:8443 refused the connection (ECONNREFUSED)', /check ELECTRON_MIRROR/],
    [{ host: 'github.com', code: 'UND_ERR_CONNECT_TIMEOUT', message: 'Connect Timeout Error' }, 'github.com did not answer (UND_ERR_CONNECT_TIMEOUT)', /firewall/],
    [{ host: 'github.com', code: 'SELF_SIGNED_CERT_IN_CHAIN', message: 'self-signed certificate in certificate chain' }, 'the certificate of github.com is not trusted (SELF_SIGNED_CERT_IN_CHAIN)', /NODE_EXTRA_CA_CERTS/],
    [{ host: 'github.com', code: 'ECONNRESET', message: 'read ECONNRESET' }, 'the connection to github.com was cut (ECONNRESET)', /try again/],
  ])('%o', (cause, failure, advice) => {
    const described = downloadFailure(causeLine(cause));
    expect(described.failure).toBe(failure);
    expect(described.advice).toMatch(advice);
    expect(`${described.failure}; ${described.advice}`).not.toContain('\n');
  });

  test('without a cause, the line that says what went wrong (an HTTP status), never a stack frame', () => {
    const output = 'HTTPError: Response code 404 (Not Found) for https://mirror/v45/electron.zip\n    at FetchDownloader.download (file:///x.js:1:1)';
    expect(downloadFailure(output).failure).toBe('HTTPError: Response code 404 (Not Found) for https://mirror/v45/electron.zip');
  });
});

describe("Chromium's sandbox on Linux", () => {
  // A fake dist folder: the paths are real-looking, the owner and mode of its helper are what each case says.
  const dist = '/home/analyst/opsdesk/node_modules/electron/dist';
  const binary = `${dist}/electron`;
  const helper = `${dist}/chrome-sandbox`;
  const ownedByUser = { uid: 1000, mode: 0o100755 };
  const setuidRoot = { uid: 0, mode: 0o104755 };
  const system = (over: { uid?: number; helper?: { uid: number; mode: number } | null; sysctl?: Record<string, string>; profiles?: string[] } = {}): SandboxSystem => ({
    uid: over.uid ?? 1000,
    stat: (file) => (file === helper ? (over.helper === undefined ? ownedByUser : over.helper) : null),
    sysctl: (name) => over.sysctl?.[name] ?? null,
    appArmorProfiles: () => over.profiles ?? [],
  });
  const ubuntu2404 = { 'kernel.apparmor_restrict_unprivileged_userns': '1', 'kernel.unprivileged_userns_clone': '1', 'user.max_user_namespaces': '63459' };

  test('Ubuntu 24.04 with the helper as npm unpacked it: says why and the exact commands, both ways', () => {
    const problem = linuxSandboxProblem(binary, system({ sysctl: ubuntu2404 }))!;
    expect(problem).toMatch(/^Electron's sandbox cannot start on this system: AppArmor restricts unprivileged user namespaces/);
    expect(problem).toContain(`${helper} is not setuid root`);
    expect(problem).toContain(`sudo chown root:root '${helper}'`);
    expect(problem).toContain(`sudo chmod 4755 '${helper}'`);
    expect(problem).toContain(`profile opsdesk-electron "${binary}" flags=(unconfined) {`);
    expect(problem).toContain('userns,');
    expect(problem).toContain('sudo apparmor_parser -r /etc/apparmor.d/opsdesk-electron');
    expect(problem).not.toContain('--no-sandbox');
  });

  test('a setuid-root helper, or a profile that allows this binary namespaces, lets it start', () => {
    expect(linuxSandboxProblem(binary, system({ sysctl: ubuntu2404, helper: setuidRoot }))).toBeNull();
    expect(linuxSandboxProblem(binary, system({ sysctl: ubuntu2404, profiles: ['# other\nprofile x /usr/bin/x { }', appArmorProfileFor(binary)] }))).toBeNull();
    // A profile for another binary does not.
    expect(linuxSandboxProblem(binary, system({ sysctl: ubuntu2404, profiles: [appArmorProfileFor('/opt/Other/other')] }))).not.toBeNull();
    // Setuid but not root's, or root's but not setuid, is what Chromium refuses.
    expect(linuxSandboxProblem(binary, system({ sysctl: ubuntu2404, helper: { uid: 1000, mode: 0o104755 } }))).not.toBeNull();
    expect(linuxSandboxProblem(binary, system({ sysctl: ubuntu2404, helper: { uid: 0, mode: 0o100755 } }))).not.toBeNull();
  });

  test('where namespaces are allowed (Debian, Fedora, Ubuntu 22.04) nothing is needed', () => {
    expect(linuxSandboxProblem(binary, system({ sysctl: { 'kernel.unprivileged_userns_clone': '1' } }))).toBeNull();
    expect(linuxSandboxProblem(binary, system())).toBeNull();
  });

  test('a kernel without namespaces needs the setuid helper; an AppArmor profile would not help', () => {
    const problem = linuxSandboxProblem(binary, system({ sysctl: { 'kernel.unprivileged_userns_clone': '0' }, helper: null }))!;
    expect(problem).toMatch(/does not allow unprivileged user namespaces/);
    expect(problem).toContain(`${helper} is missing`);
    expect(problem).toContain(`sudo chmod 4755 '${helper}'`);
    expect(problem).not.toContain('apparmor');
  });

  test('as root it says to run as a user', () => {
    const problem = linuxSandboxProblem(binary, system({ uid: 0, helper: setuidRoot }))!;
    expect(problem).toMatch(/as root/);
    expect(problem).not.toContain('--no-sandbox');
  });

  test('ensure-electron refuses an installed binary whose sandbox cannot start, on Linux only', async () => {
    const fakeDist = path.join(packageDir, 'dist');
    await mkdir(fakeDist, { recursive: true });
    await writeFile(path.join(fakeDist, 'electron'), '#!/bin/sh\n');
    await writeFile(path.join(fakeDist, 'chrome-sandbox'), '');
    await writeFile(path.join(packageDir, 'path.txt'), 'electron');
    const restricted: SandboxSystem = { ...system({ sysctl: ubuntu2404 }), stat: () => ownedByUser };
    const refused = ensureElectron({ packageDir, platform: 'linux', system: restricted });
    await expect(refused).rejects.toBeInstanceOf(ElectronSandboxError);
    await expect(refused).rejects.toThrow(path.join(fakeDist, 'chrome-sandbox'));
    expect(await ensureElectron({ packageDir, platform: 'linux', system: { ...restricted, stat: () => setuidRoot } })).toBe(path.join(fakeDist, 'electron'));
    expect(await ensureElectron({ packageDir, platform: 'darwin', system: restricted })).toBe(path.join(fakeDist, 'electron'));
  });
});
