import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import { descendantsOf, isAlive, startXvfb } from './process-tree.ts';

// The launch smoke test's own tools, checked where Electron cannot run: its verdict that quitting
// left no process is only as good as the tree it read.
describe('the launch smoke test’s process tree', () => {
  test.skipIf(process.platform === 'win32')('finds every process a process started, down the tree, and sees them go', async () => {
    const parent = spawn('sh', ['-c', 'sh -c "sleep 30 & wait" & sleep 30 & wait'], { stdio: 'ignore', detached: true });
    try {
      await vi.waitFor(() => expect(descendantsOf(parent.pid!)).toHaveLength(3), { timeout: 5_000, interval: 50 });
      const children = descendantsOf(parent.pid!);
      expect(children.every(isAlive)).toBe(true);
      process.kill(-parent.pid!, 'SIGKILL');
      await once(parent, 'exit');
      await vi.waitFor(() => expect(children.filter(isAlive)).toEqual([]), { timeout: 5_000, interval: 50 });
    } finally {
      if (isAlive(parent.pid!)) process.kill(-parent.pid!, 'SIGKILL');
    }
  });

  test.skipIf(process.platform !== 'linux')('starts a private X display where Xvfb is installed, and says null where it is not', async () => {
    const display = await startXvfb();
    if (!display) {
      console.log('skipped: Xvfb is not installed (apt-get install xvfb)');
      return;
    }
    try {
      expect(display.display).toMatch(/^:\d+$/);
    } finally {
      display.stop();
    }
  });
});
