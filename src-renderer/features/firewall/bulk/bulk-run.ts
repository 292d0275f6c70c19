// A bulk change made one address at a time: a few calls in flight (main's rate limiter paces what
// reaches the appliance, and every write goes through the outbox), a result per address as it
// comes, and the failed ones tried again on their own.
import type { IpcError, IpcResult } from '../../../../src-preload/contract/define.ts';
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';

export type BulkState = 'waiting' | 'done' | 'queued' | 'failed';

export interface BulkResult {
  ip: string;
  state: BulkState;
  error?: IpcError;
}

/** Calls in flight at once: enough to keep the rate budget busy, few enough to keep the window's bridge calm. */
const IN_FLIGHT = 8;

/**
 * Runs `act` for each result still waiting or failed, `IN_FLIGHT` at a time; `changed` hears the
 * results after each answer, at most once per frame (a 500-address run stays off the window's thread).
 */
export async function runBulk(results: BulkResult[], act: (ip: string) => Promise<IpcResult<BlockEntry | null>>, changed: (results: BulkResult[]) => void, signal?: AbortSignal): Promise<BulkResult[]> {
  let current = results.map((result) => (result.state === 'failed' ? { ip: result.ip, state: 'waiting' as const } : result));
  const todo = current.filter((result) => result.state === 'waiting').map((result) => result.ip);
  let frame: number | undefined;
  const tell = () => {
    frame ??= requestAnimationFrame(() => {
      frame = undefined;
      changed(current);
    });
  };
  const worker = async () => {
    for (let ip = todo.shift(); ip !== undefined && !signal?.aborted; ip = todo.shift()) {
      const answer = await act(ip);
      const result: BulkResult = answer.ok ? { ip, state: answer.data?.pending ? 'queued' : 'done' } : { ip, state: 'failed', error: answer.error };
      current = current.map((known) => (known.ip === ip ? result : known));
      tell();
    }
  };
  changed(current);
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (frame !== undefined) cancelAnimationFrame(frame);
  changed(current);
  return current;
}

/** How many results are in each state. */
export function tally(results: readonly BulkResult[]): Record<BulkState, number> {
  const counts: Record<BulkState, number> = { waiting: 0, done: 0, queued: 0, failed: 0 };
  for (const result of results) counts[result.state]++;
  return counts;
}
