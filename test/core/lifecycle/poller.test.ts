import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DisposableStore, toDisposable } from '../../../src-main/core/lifecycle/disposable.ts';
import { Emitter } from '../../../src-main/core/lifecycle/emitter.ts';
import { Poller, type PollerOptions } from '../../../src-main/core/lifecycle/poller.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { captureLog } from '../http/fixtures.ts';

function pollerWith(run: () => Promise<void>, overrides: Partial<PollerOptions> = {}) {
  const clock = new FakeClock();
  const log = captureLog();
  // No jitter unless a test asks: each wait is then exactly predictable.
  const poller = new Poller({ name: 'alerts', run, intervalMs: 1_000, jitter: 0, logger: log.logger, clock, ...overrides });
  return { clock, log, poller };
}

describe('poller', () => {
  test('runs at once on start, then once per interval, and never after dispose', async () => {
    let runs = 0;
    const { clock, poller } = pollerWith(async () => void runs++);
    poller.start();
    await clock.advance(0);
    expect(runs).toBe(1);
    await clock.advance(3_000);
    expect(runs).toBe(4);
    poller.dispose();
    await clock.advance(10_000);
    expect(runs).toBe(4);
    expect(clock.pending()).toEqual([]);
  });

  test('waits twice as long after each failure, up to the cap, logs instead of throwing, and recovers', async () => {
    let failing = true;
    let runs = 0;
    const { clock, log, poller } = pollerWith(async () => {
      runs += 1;
      if (failing) throw new Error('back end down');
    }, { maxBackoffMs: 4_000 });
    poller.start();
    await clock.advance(0);
    expect(clock.pending()).toEqual([2_000]);
    await clock.advance(2_000);
    expect(clock.pending()).toEqual([4_000]);
    await clock.advance(4_000);
    expect(clock.pending()).toEqual([4_000]);
    expect(runs).toBe(3);
    expect(log.lines.filter((line) => line.includes('background run failed') && line.includes('alerts'))).toHaveLength(3);
    failing = false;
    await clock.advance(4_000);
    expect(poller.failures).toBe(0);
    expect(clock.pending()).toEqual([1_000]);
    poller.dispose();
  });

  test('spreads its waits by the jitter, within the bounds', () => {
    const { poller: low } = pollerWith(async () => {}, { jitter: 0.2, random: () => 0 });
    const { poller: high } = pollerWith(async () => {}, { jitter: 0.2, random: () => 0.999999 });
    expect(low.nextDelayMs()).toBe(800);
    expect(high.nextDelayMs()).toBe(1_200);
  });

  test('pause stops the schedule, start resumes it at once', async () => {
    let runs = 0;
    const { clock, poller } = pollerWith(async () => void runs++);
    poller.start();
    await clock.advance(1_000);
    expect(runs).toBe(2);
    poller.pause();
    await clock.advance(5_000);
    expect(runs).toBe(2);
    poller.start();
    await clock.advance(0);
    expect(runs).toBe(3);
    poller.dispose();
  });

  test('a slow run is never overlapped by the next one', async () => {
    let active = 0;
    let most = 0;
    let finish: () => void = () => {};
    const { clock, poller } = pollerWith(async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => (finish = resolve));
      active -= 1;
    });
    poller.start();
    await clock.advance(0);
    poller.runNow();
    await clock.advance(5_000);
    expect(most).toBe(1);
    finish();
    await clock.advance(0);
    expect(clock.pending()).toEqual([1_000]);
    poller.dispose();
  });

  test("the real clock's timers do not keep the process alive", () => {
    const clockModule = pathToFileURL(path.resolve('src-main/core/lifecycle/clock.ts')).href;
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', `import { systemClock } from '${clockModule}'; systemClock.setTimeout(() => {}, 60_000);`], {
      timeout: 20_000,
    });
    expect(child.status).toBe(0);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('emitter and disposables', () => {
  test('a listener that throws does not stop the others; an unsubscribed one hears nothing', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<number>((error) => errors.push(error));
    const heard: number[] = [];
    emitter.event(() => {
      throw new Error('bad listener');
    });
    const subscription = emitter.event((value) => heard.push(value));
    emitter.fire(1);
    subscription.dispose();
    emitter.fire(2);
    expect(heard).toEqual([1]);
    expect(errors).toHaveLength(2);
  });

  test('a store disposes everything it holds, newest first, and at once what comes after', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => order.push('first')));
    store.add(toDisposable(() => order.push('second')));
    store.dispose();
    store.add(toDisposable(() => order.push('late')));
    store.dispose();
    expect(order).toEqual(['second', 'first', 'late']);
  });
});
