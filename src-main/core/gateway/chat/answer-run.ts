// One answer from the gateway run the way chat runs it, for whoever asks (a conversation, a drafted
// reply, a summary): over the profile's client (its rate budget and trust), with its row in the
// call log and its token usage, its text handed on in numbered batches, within the limits of what
// it is for, and an ending that says honestly how it ended, the text so far kept. What it sends
// passes the key redaction last, whoever built it: no key OpsDesk holds reaches the model.
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { ChatEndpoint, GatewayCall, TokenUsage } from '../../../../src-shared/contract/gateway.ts';
import { serviceError } from '../../http/service-failure.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import type { GatewayClient } from '../client.ts';
import { DeltaBatcher, KEPT_ANSWER_CHARS, PartialAnswerError, readAnswer, type AnswerLimits, type AnswerRequest, type DeltaBatch } from './answer-stream.ts';
import type { CallLogRepository } from './call-log-repository.ts';
import type { AnswerResult } from './message-repository.ts';

export interface AnswerRunLog {
  calls: CallLogRepository;
  clock: Clock;
  /** The log's redaction (it knows every key the app holds). */
  redact(text: string): string;
}

/** A conversation the analyst follows, or the model at work (a triage, a draft, a summary, a call note) whose card waits on it. */
export type AnswerPurpose = 'chat' | 'task';

/** The longest an answer may take unless its gateway connection sets its own. */
export const DEFAULT_ANSWER_DEADLINE_MS: Readonly<Record<AnswerPurpose, number>> = { chat: 5 * 60_000, task: 2 * 60_000 };

/** What the model at work is asked to stay within (`max_tokens`) when its request names no limit. */
export const TASK_MAX_TOKENS = 4096;

// A task's text is cut at 16 characters a token, more than any tokenizer makes of one: a server
// that ignores `max_tokens` is stopped all the same.
const MAX_ANSWER_CHARS: Readonly<Record<AnswerPurpose, number>> = { chat: KEPT_ANSWER_CHARS, task: TASK_MAX_TOKENS * 16 };

export function answerLimits(purpose: AnswerPurpose, connectionDeadlineMs: number | undefined): AnswerLimits {
  return { deadlineMs: connectionDeadlineMs ?? DEFAULT_ANSWER_DEADLINE_MS[purpose], maxChars: MAX_ANSWER_CHARS[purpose] };
}

/** The request as it goes out: every text through the redaction, a task's with its token cap. */
function outgoing(request: AnswerRequest, purpose: AnswerPurpose, redact: (text: string) => string): AnswerRequest {
  const maxTokens = request.parameters.maxTokens ?? (purpose === 'task' ? TASK_MAX_TOKENS : undefined);
  return {
    ...request,
    systemPrompt: redact(request.systemPrompt),
    messages: request.messages.map((message) => ({ ...message, content: redact(message.content) })),
    parameters: { ...request.parameters, ...(maxTokens !== undefined && { maxTokens }) },
  };
}

/** Runs one answer to its end; never throws: a failure is the result's `error`, with what arrived before it. */
export async function runAnswer(
  log: AnswerRunLog,
  client: GatewayClient,
  profileId: string,
  request: AnswerRequest,
  purpose: AnswerPurpose,
  signal: AbortSignal,
  onBatch: (batch: DeltaBatch) => void,
): Promise<AnswerResult> {
  const startedAt = log.clock.now();
  const batcher = new DeltaBatcher(log.clock, onBatch);
  let result: AnswerResult;
  try {
    result = await readAnswer({
      openai: client.openai,
      request: outgoing(request, purpose, log.redact),
      signal,
      clock: log.clock,
      limits: answerLimits(purpose, client.answerDeadlineMs),
      onDelta: (content, reasoning) => batcher.add(content, reasoning),
    });
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
  return shown;
}

function addCall(log: AnswerRunLog, call: Omit<GatewayCall, 'id' | 'at' | 'latencyMs' | 'usage'> & { startedAt: number; usage?: TokenUsage | undefined }): void {
  const { startedAt, ...logged } = call;
  log.calls.add({ ...logged, at: new Date(startedAt).toISOString(), latencyMs: log.clock.now() - startedAt });
}
