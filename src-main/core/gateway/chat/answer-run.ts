// One answer from the gateway run the way chat runs it, for whoever asks (a conversation, a drafted
// reply, a summary): over the profile's client (its rate budget and trust), with its row in the
// call log and its token usage, its text handed on in numbered batches, and an ending that says
// honestly how it ended, the text so far kept.
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { ChatEndpoint, GatewayCall, TokenUsage } from '../../../../src-preload/contract/gateway.ts';
import { serviceError } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { GatewayClient } from '../client.ts';
import { DeltaBatcher, KEPT_ANSWER_CHARS, PartialAnswerError, readAnswer, type AnswerRequest, type DeltaBatch } from './answer-stream.ts';
import type { CallLogRepository } from './call-log-repository.ts';
import type { AnswerResult } from './message-repository.ts';

export interface AnswerRunLog {
  calls: CallLogRepository;
  clock: Clock;
}

/** Runs one answer to its end; never throws: a failure is the result's `error`, with what arrived before it. */
export async function runAnswer(
  log: AnswerRunLog,
  client: GatewayClient,
  profileId: string,
  request: AnswerRequest,
  signal: AbortSignal,
  onBatch: (batch: DeltaBatch) => void,
): Promise<AnswerResult> {
  const startedAt = log.clock.now();
  const batcher = new DeltaBatcher(log.clock, onBatch);
  let result: AnswerResult;
  try {
    result = await readAnswer({ openai: client.openai, request, signal, clock: log.clock, onDelta: (content, reasoning) => batcher.add(content, reasoning) });
  } catch (error) {
    const partial = error instanceof PartialAnswerError ? error : undefined;
    const cause = partial ? partial.cause : error;
    const kept = { content: partial?.content ?? '', reasoning: partial?.reasoning ?? '', ...(partial?.usage && { usage: partial.usage }) };
    result = signal.aborted ? { ...kept, outcome: 'stopped' } : { ...kept, outcome: 'failed', error: describeAnswerFailure(client, cause, partial) };
  }
  batcher.flush();
  addCall(log, {
    profileId,
    endpoint: endpointPath(request.endpoint),
    model: request.model,
    startedAt,
    status: result.error ? (result.error.status ?? null) : 200,
    outcome: result.error ? result.error.code : result.outcome,
    usage: result.usage,
  });
  return result;
}

function endpointPath(endpoint: ChatEndpoint): string {
  return endpoint === 'responses' ? '/responses' : '/chat/completions';
}

/** Every way a request ends badly (status, network, an error inside the stream) as the window shows it. */
function describeAnswerFailure(client: GatewayClient, error: unknown, partial: PartialAnswerError | undefined): IpcError {
  const { certificate: _certificate, ...shown } = client.toServiceFailure(error).serviceError;
  // A socket that breaks after the stream began is not "could not be reached": the gateway answered, then the connection was cut.
  if (partial && shown.code === 'network_error') {
    return serviceError({ service: 'gateway', code: 'connection_reset', status: 200, retryable: true, ...(shown.params && { params: shown.params }) });
  }
  // Refused at its size cap after more text than is kept: the answer says only its beginning stayed.
  if (partial?.cut && shown.code === 'response_too_large' && shown.params?.['context'] === undefined) {
    const { message: _message, hint: _hint, ...refused } = shown;
    return serviceError({ ...refused, params: { ...refused.params, context: 'answer_cut', keptChars: KEPT_ANSWER_CHARS } });
  }
  return shown;
}

function addCall(log: AnswerRunLog, call: Omit<GatewayCall, 'id' | 'at' | 'latencyMs' | 'usage'> & { startedAt: number; usage?: TokenUsage | undefined }): void {
  const { startedAt, ...logged } = call;
  log.calls.add({ ...logged, at: new Date(startedAt).toISOString(), latencyMs: log.clock.now() - startedAt });
}
