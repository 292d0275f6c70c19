import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { electronCacheDir, electronPackageDir, ensureElectron, installedElectronBinary } from '../../scripts/ensure-electron.ts';
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
    const binary = await ensureElectron({ packageDir, env: installEnv() });
    expect(binary).toBe(path.join(packageDir, 'dist', binaryName));
    expect(await readFile(binary, 'utf8')).toContain('stand-in electron');
    expect(await readFile(path.join(packageDir, 'path.txt'), 'utf8')).toBe(binaryName);
    expect(requests).toEqual([`/v${version}/${artifact}`]);

    expect(await ensureElectron({ packageDir, env: installEnv() })).toBe(binary);
    expect(requests).toHaveLength(1);
  });

  test('a first download says what it fetches, from where, where it is kept, and how far it got', async () => {
    const lines: string[] = [];
    stallMs = 1_500;
    try {
      await ensureElectron({ packageDir, env: installEnv(), report: (line) => lines.push(line), progressIntervalMs: 100 });
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
    const failure = ensureElectron({ packageDir, env: installEnv() });
    await expect(failure).rejects.toThrow(`Could not download the Electron ${version} binary from ${mirrorUrl}`);
    await expect(failure).rejects.toThrow(/404/);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });

  test('a download that does not match the package checksum is refused and nothing is installed', async () => {
    served = storedZip({ [binaryName]: '#!/bin/sh\necho tampered\n' });
    await expect(ensureElectron({ packageDir, env: installEnv() })).rejects.toThrow(/checksum/i);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });

  test('a mirror whose certificate is not trusted is refused', async () => {
    const { NODE_EXTRA_CA_CERTS: _trusted, ...untrusted } = installEnv();
    await expect(ensureElectron({ packageDir, env: untrusted })).rejects.toThrow(/Could not download.*certificate is not trusted/);
    expect(installedElectronBinary(packageDir)).toBeNull();
  });
});
