// The window's stores and feature hooks load before the preload's bridge is there (a test, a module
// graph evaluated early): none may read window.opsdesk until it is called.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../src-renderer');
const bridgeUsers = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(-store|-data|use-[\w-]+)\.ts$/.test(file))
  .map((file) => path.join(root, file));

const reads: string[] = [];
const global = globalThis as { window?: object };
const hadWindow = 'window' in global;
global.window ??= globalThis;
Object.defineProperty(global.window, 'opsdesk', {
  configurable: true,
  get() {
    reads.push(new Error().stack ?? '');
    return { app: {} };
  },
});
afterAll(() => {
  delete (global.window as { opsdesk?: unknown }).opsdesk;
  if (!hadWindow) delete global.window;
});

test('importing every store and feature hook module reads nothing from the bridge', async () => {
  expect(bridgeUsers.length).toBeGreaterThan(10);
  for (const file of bridgeUsers) await import(file);
  expect(reads).toEqual([]);
});

test('the bridge is read when a call is made', async () => {
  const { opsdesk } = await import('../../src-renderer/data/bridge.ts');
  void opsdesk.app;
  expect(reads).toHaveLength(1);
});
