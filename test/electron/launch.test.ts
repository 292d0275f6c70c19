import { beforeAll, describe, expect, test } from 'vitest';
import { _electron } from 'playwright-core';
import { ensureElectron } from '../../scripts/ensure-electron.ts';

// Downloaded when missing, as `npm start` does; only a machine that cannot get it skips.
let binary: string | null = null;
let unavailable = '';
beforeAll(async () => {
  try {
    binary = await ensureElectron();
  } catch (error) {
    unavailable = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.log(`skipped: no Electron binary (${unavailable})`);
  }
}, 300_000);

describe('Electron launch smoke test', () => {
  test('the packaged main process opens the OpsDesk window with the bridge and no Node', async (context) => {
    if (!binary) return context.skip(unavailable);
    const app = await _electron.launch({ executablePath: binary, args: ['.'], cwd: process.cwd() });
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
