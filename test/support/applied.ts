import type { QueuedWrite } from '../../src-shared/contract/firewall.ts';

/** What a firewall write made on the appliance; fails the test when the write waits in the outbox instead. */
export function applied<T extends object>(result: T | QueuedWrite): T {
  if ('queued' in result) throw new Error(`expected the appliance to take the write, it is ${result.queued.state}: ${result.queued.error?.code ?? 'no error'}`);
  return result;
}
