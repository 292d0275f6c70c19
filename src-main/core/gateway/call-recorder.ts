import type { ActivityTarget } from '../../../src-shared/contract/activity.ts';
import type { TokenUsage } from '../../../src-shared/contract/gateway.ts';
import type { ActivityRecorder } from '../activity/activity-recorder.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { CallLogRepository } from './chat/call-log-repository.ts';
import type { GatewayClient } from './client.ts';

/** A call that sends the analyst's data out (a prompt, an audio file), as the activity log names it. */
export interface CallActivity {
  action: string;
  target: ActivityTarget;
}

/**
 * Runs one gateway call and writes its row of the local call log, however it ends (never a body or a
 * key); a call that sends data out is also an entry of the activity log.
 */
export async function recordedCall<T>(
  log: { calls: CallLogRepository; clock: Clock; activity?: ActivityRecorder | undefined },
  client: GatewayClient,
  call: { profileId: string; endpoint: string; model: string | null; activity?: CallActivity; usageOf?: (result: T) => TokenUsage | undefined },
  run: () => Promise<T>,
): Promise<T> {
  const startedAt = log.clock.now();
  const { activity, usageOf, ...logged } = call;
  const add = (status: number | null, outcome: string, usage?: TokenUsage) =>
    log.calls.add({ ...logged, at: new Date(startedAt).toISOString(), status, outcome, latencyMs: log.clock.now() - startedAt, ...(usage && { usage }) });
  const draft = activity && { profileId: call.profileId, backEnd: 'gateway' as const, action: { code: activity.action }, target: activity.target };
  try {
    const result = await run();
    add(200, 'ok', usageOf?.(result));
    if (draft) log.activity?.record(draft, { outcome: 'sent' });
    return result;
  } catch (error) {
    const failure = client.toServiceFailure(error);
    add(failure.serviceError.status ?? null, failure.serviceError.code);
    if (draft) log.activity?.record(draft, { outcome: 'failed', errorCode: failure.serviceError.code, requestId: failure.serviceError.requestId });
    throw failure;
  }
}
