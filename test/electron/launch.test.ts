import { describe, expect, test } from 'vitest';
import { _electron } from 'playwright-core';
import { installedElectronBinary } from '../support/electron-binary.ts';

const binary = installedElectronBinary();
if (!binary) console.log('skipped: no Electron binary (it is downloaded from GitHub, which this machine cannot reach)');

describe('Electron launch smoke test', () => {
  test.skipIf(!binary)('the packaged main process opens the OpsDesk window with the bridge and no Node', async () => {
    const app = await _electron.launch({ executablePath: binary!, args: ['.'], cwd: process.cwd() });
    try {
      const page = await app.firstWindow();
      await page.getByRole('tablist').waitFor();
      expect(await page.title()).toBe('OpsDesk');
      expect(page.url()).toBe('opsdesk://app/index.html');
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => Object.keys(window.opsdesk).sort())).toEqual(expect.arrayContaining(['app', 'workspace']));
    } finally {
      await app.close();
    }
  });
});
