// The chunks of the views not on the first screen: fetched one at a time when the window is idle,
// a chunk that fails to load does not stop the others, and a closed window fetches nothing more.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { lazyView, loadWhenIdle } from '../../src-renderer/ui/lazy-view.ts';

let idleCallbacks: Map<number, () => void>;
let nextHandle = 0;

/** Runs the idle callback the window queued, as Chromium does when it has nothing else to do. */
async function windowGoesIdle(): Promise<void> {
  const [handle, callback] = [...idleCallbacks][0] ?? [];
  if (handle === undefined || !callback) throw new Error('nothing is waiting for the window to be idle');
  idleCallbacks.delete(handle);
  callback();
  await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  idleCallbacks = new Map();
  globalThis.requestIdleCallback = ((callback: () => void) => {
    nextHandle += 1;
    idleCallbacks.set(nextHandle, callback);
    return nextHandle;
  }) as typeof requestIdleCallback;
  globalThis.cancelIdleCallback = (handle: number) => void idleCallbacks.delete(handle);
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'requestIdleCallback');
  Reflect.deleteProperty(globalThis, 'cancelIdleCallback');
});

test('each chunk is fetched once, in order, one per idle moment; a failed one does not stop the rest', async () => {
  const fetched: string[] = [];
  const chunk = (name: string, fails = false) => async () => {
    fetched.push(name);
    if (fails) throw new Error(`${name} is missing`);
  };
  loadWhenIdle([chunk('support'), chunk('chat', true), chunk('settings')]);
  expect(fetched).toEqual([]);
  await windowGoesIdle();
  expect(fetched).toEqual(['support']);
  await windowGoesIdle();
  await windowGoesIdle();
  expect(fetched).toEqual(['support', 'chat', 'settings']);
  expect(idleCallbacks.size).toBe(0);
});

test('a closed window fetches nothing more', async () => {
  const fetched: string[] = [];
  const stop = loadWhenIdle(['support', 'chat'].map((name) => async () => void fetched.push(name)));
  await windowGoesIdle();
  stop();
  expect(idleCallbacks.size).toBe(0);
  expect(fetched).toEqual(['support']);
});

test('a view fetched while idle is not fetched again when it is first shown; a failed fetch is tried again', async () => {
  let imports = 0;
  const view = lazyView(async () => {
    imports += 1;
    if (imports === 1) throw new Error('the chunk is missing');
    return () => null;
  });
  await expect(view.load()).rejects.toThrow('the chunk is missing');
  await view.load();
  await view.load();
  expect(imports).toBe(2);
});
