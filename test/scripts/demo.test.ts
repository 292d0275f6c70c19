import { describe, expect, test } from 'vitest';
import { demoExitCode } from '../../scripts/demo.ts';

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
