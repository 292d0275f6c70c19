import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { demoExitCode } from '../../scripts/demo.ts';
import { installedElectronBinary } from '../../scripts/ensure-electron.ts';

describe('npm run demo exit status', () => {
  test('is OpsDesk’s own status when it exits', () => {
    expect(demoExitCode(0, null)).toBe(0);
    expect(demoExitCode(1, null)).toBe(1);
  });

  test.each([
    ['SIGKILL', 137],
    ['SIGSEGV', 139],
    ['SIGTERM', 143],
  ] as const)('is a failure when Electron is killed by %s', (signal, status) => {
    expect(demoExitCode(null, signal)).toBe(status);
  });
});

describe('npm run demo without an Electron binary', () => {
  // Where the binary is installed the demo would open its window: nothing to show here then.
  test.skipIf(installedElectronBinary() !== null)('says what failed, in its first line, what to do, and what works without it, and fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // An empty download cache: a release cached by an earlier install would be taken from there.
    const cache = await mkdtemp(path.join(tmpdir(), 'opsdesk-demo-cache-'));
    try {
      const demo = spawnSync(process.execPath, [path.join(import.meta.dirname, '../../scripts/demo.ts')], {
        env: { ...process.env, ELECTRON_MIRROR: `https://127.0.0.1:${port}/`, electron_config_cache: cache },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(demo.status).toBe(1);
      const lines = demo.stderr.trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^Could not download the Electron [\\d.]+ binary from https://127\\.0\\.0\\.1:${port}/: 127\\.0\\.0\\.1:${port} refused the connection \\(ECONNREFUSED\\); `));
      expect(lines.at(-1)).toMatch(/npm run screenshots/);
      expect(demo.stderr).not.toContain('--no-sandbox');
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
