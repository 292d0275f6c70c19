import { defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './test/support/slowest-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A polled step waits as long as a loaded 2-core machine may need; Vitest's 1 s default made
    // CI fail where the window was only slow (a lazily loaded view drawn after 1 s).
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Two files at a time on the two cores CI has (Vitest's default leaves one idle): an e2e file
    // spends much of its time waiting on Chromium, the simulators and the keychain.
    maxWorkers: 2,
    // Each file gets a fresh process: the Electron glue tests mock modules.
    isolate: true,
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
