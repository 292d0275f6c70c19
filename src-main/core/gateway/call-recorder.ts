import type { Clock } from '../lifecycle/clock.ts';
import type { CallLogRepository } from './chat/call-log-repository.ts';
import type { GatewayClient } from './client.ts';

/** Runs one gateway call and writes its row of the local call log, however it ends (never a body or a key). */
export async function recordedCall<T>(
  log: { calls: CallLogRepository; clock: Clock },
  client: GatewayClient,
  call: { profileId: string; endpoint: string; model: string | null },
  run: () => Promise<T>,
): Promise<T> {
  const startedAt = log.clock.now();
  const add = (status: number | null, outcome: string) =>
    log.calls.add({ ...call, at: new Date(startedAt).toISOString(), status, outcome, latencyMs: log.clock.now() - startedAt });
  try {
    const result = await run();
    add(200, 'ok');
    return result;
  } catch (error) {
    const failure = client.toServiceFailure(error);
    add(failure.serviceError.status ?? null, failure.serviceError.code);
    throw failure;
  }
}
