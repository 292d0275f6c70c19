// One answer from the gateway, streamed or not, over Chat Completions or Responses, read through
// the openai SDK. It says honestly how the answer ended: the SDK raises nothing for a stream that
// stops with no finish reason, nor for a 200 whose body is only an error object, and it waits for a
// stream to close even after the answer said it was finished, so those are judged here. Every
// answer ends: a stream that keeps dripping (never idle, so no idle timeout stops it) is cut at its
// deadline or at the most text kept of it, the text so far kept.
import type OpenAI from 'openai';
import type { ChatEndpoint, ChatParameters, TokenUsage } from '../../../../src-shared/contract/gateway.ts';
import { parseJsonBody } from '../../http/response-body.ts';
import { ServiceFailure, serviceError } from '../../http/service-failure.ts';
import { requestIdFrom } from '../../http/status-errors.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { readNumber, readRecord } from '../../wire/read.ts';
import { describeStreamError, gatewayDialect } from '../error-dialect.ts';
import type { AnswerResult } from './message-repository.ts';

/**
 * After a finish reason, how long a stream that stays open may still send its usage before the
 * answer is taken as finished (relays that never close the stream or send `[DONE]` exist).
 */
export const USAGE_GRACE_MS = 2_000;

/**
 * The most of a conversation's answer's text (and of its reasoning) main keeps, stores and passes
 * on: far above any model's output. Reading stops there and the answer is marked cut.
 */
export const KEPT_ANSWER_CHARS = 1024 * 1024;

/** How long one answer may take and how much of it is kept, so that every answer ends. */
export interface AnswerLimits {
  /** From asking to the last word: an answer still arriving then is cut there, its text so far kept. */
  deadlineMs: number;
  /** The most of its text (and of its reasoning) kept: reading stops there and the answer is cut. */
  maxChars: number;
}

/** An answer's text, kept up to its limit; a delta past it ends the reading, what fitted kept. */
class KeptText {
  readonly #maxChars: number;
  text = '';

  constructor(maxChars: number) {
    this.#maxChars = maxChars;
  }

  /** The part of `delta` kept. */
  add(delta: string): string {
    const room = this.#maxChars - this.text.length;
    if (delta.length <= room) {
      this.text += delta;
      return delta;
    }
    this.text += delta.slice(0, room);
    throw new ServiceFailure(serviceError({ service: 'gateway', code: 'response_too_large', params: { context: 'answer_cut', keptChars: this.#maxChars }, retryable: false }));
  }
}

/** The answer was still arriving at its deadline. */
function deadlinePassed(deadlineMs: number): ServiceFailure {
  return new ServiceFailure(serviceError({ service: 'gateway', code: 'timeout', params: { context: 'answer_deadline', seconds: Math.round(deadlineMs / 1000) }, retryable: true }));
}

/** About one frame: fast enough to look live, few enough messages for any window. */
export const DELTA_BATCH_MS = 16;

export interface AnswerRequest {
  model: string;
  systemPrompt: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  parameters: ChatParameters;
  endpoint: ChatEndpoint;
  stream: boolean;
}

export interface DeltaBatch {
  seq: number;
  content: string;
  reasoning: string;
}

/** Collects deltas and hands them on at most once per `DELTA_BATCH_MS`, numbered from 0. */
export class DeltaBatcher {
  readonly #clock: Clock;
  readonly #send: (batch: DeltaBatch) => void;
  #seq = 0;
  #content = '';
  #reasoning = '';
  #timer: { cancel(): void } | undefined;

  constructor(clock: Clock, send: (batch: DeltaBatch) => void) {
    this.#clock = clock;
    this.#send = send;
  }

  add(content: string, reasoning: string): void {
    if (!content && !reasoning) return;
    this.#content += content;
    this.#reasoning += reasoning;
    this.#timer ??= this.#clock.setTimeout(() => this.flush(), DELTA_BATCH_MS);
  }

  flush(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    if (!this.#content && !this.#reasoning) return;
    const batch = { seq: this.#seq++, content: this.#content, reasoning: this.#reasoning };
    this.#content = '';
    this.#reasoning = '';
    this.#send(batch);
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => readNumber(value) ?? 0;

function chatUsage(value: unknown): TokenUsage | undefined {
  const usage = readRecord(value);
  if (!usage) return undefined;
  return { promptTokens: count(usage['prompt_tokens']), completionTokens: count(usage['completion_tokens']), totalTokens: count(usage['total_tokens']) };
}

function responsesUsage(value: unknown): TokenUsage | undefined {
  const usage = readRecord(value);
  if (!usage) return undefined;
  return { promptTokens: count(usage['input_tokens']), completionTokens: count(usage['output_tokens']), totalTokens: count(usage['total_tokens']) };
}

/** The doc's parameter names on the wire; unset ones are not sent, so the gateway's defaults apply. */
function chatBody(request: AnswerRequest) {
  const { temperature, topP, maxTokens, frequencyPenalty, presencePenalty } = request.parameters;
  return {
    model: request.model,
    messages: [...(request.systemPrompt ? [{ role: 'system' as const, content: request.systemPrompt }] : []), ...request.messages],
    ...(temperature !== undefined && { temperature }),
    ...(topP !== undefined && { top_p: topP }),
    ...(maxTokens !== undefined && { max_tokens: maxTokens }),
    ...(frequencyPenalty !== undefined && { frequency_penalty: frequencyPenalty }),
    ...(presencePenalty !== undefined && { presence_penalty: presencePenalty }),
  };
}

/** The document types `input` as a string: one text goes as one, a conversation as its list. */
function responsesInput(messages: AnswerRequest['messages']): string | AnswerRequest['messages'] {
  const [only] = messages;
  return messages.length === 1 && only?.role === 'user' ? only.content : messages;
}

function responsesBody(request: AnswerRequest) {
  const { temperature, topP, maxTokens } = request.parameters;
  return {
    model: request.model,
    input: responsesInput(request.messages),
    ...(request.systemPrompt && { instructions: request.systemPrompt }),
    ...(temperature !== undefined && { temperature }),
    ...(topP !== undefined && { top_p: topP }),
    ...(maxTokens !== undefined && { max_output_tokens: maxTokens }),
  };
}

/** What the text so far and the way the answer ended say, when no error ended it. */
function judged(content: string, reasoning: string, ending: 'stop' | 'length' | undefined, usage: TokenUsage | undefined, signal: AbortSignal): AnswerResult {
  // The SDK ends an aborted stream's iteration quietly, as if the server had closed it.
  const cut = signal.aborted ? 'stopped' : 'no_finish_reason';
  const outcome = ending === undefined ? cut : ending === 'length' ? 'length' : content.trim() ? 'finished' : 'empty';
  return { content, reasoning, outcome, ...(usage && { usage }) };
}

interface Reading {
  openai: OpenAI;
  request: AnswerRequest;
  /** The caller's: Stop. */
  signal: AbortSignal;
  clock: Clock;
  limits: AnswerLimits;
  onDelta(content: string, reasoning: string): void;
}

/** A reading under way: its requests end at Stop or at the answer's deadline. */
interface Asking extends Reading {
  requestSignal: AbortSignal;
}

/**
 * Reads one answer; `onDelta` gets its text as it comes. Throws what the SDK throws, with `partial`
 * kept by the caller; an answer still arriving at its deadline, or longer than is kept of it, is a
 * `PartialAnswerError` that keeps the text so far.
 */
export async function readAnswer(reading: Reading): Promise<AnswerResult> {
  const { deadlineMs } = reading.limits;
  const expiry = new AbortController();
  const timer = reading.clock.setTimeout(() => expiry.abort(), deadlineMs);
  const expired = () => expiry.signal.aborted && !reading.signal.aborted;
  let result: AnswerResult;
  try {
    result = await (reading.request.endpoint === 'responses' ? readResponses : readChat)({ ...reading, requestSignal: AbortSignal.any([reading.signal, expiry.signal]) });
  } catch (error) {
    // A failure the server caused before the deadline stays that failure.
    if (!expired() || (error instanceof PartialAnswerError && error.cause instanceof ServiceFailure)) throw error;
    const partial = error instanceof PartialAnswerError ? error : undefined;
    throw new PartialAnswerError(partial?.content ?? '', partial?.reasoning ?? '', partial?.usage, deadlinePassed(deadlineMs));
  } finally {
    timer.cancel();
  }
  // Stopped by its deadline, a stream reads as one the server left without a finish reason.
  if (expired() && result.outcome === 'no_finish_reason') throw new PartialAnswerError(result.content, result.reasoning, result.usage, deadlinePassed(deadlineMs));
  return result;
}

/** A 200 whose body is an error object and nothing of an answer (as many relays send) is that error. */
function refuseErrorBody(body: Record<string, unknown> | undefined, answerField: string, requestId: string | undefined): void {
  const error = body?.['error'];
  if (error !== undefined && error !== null && body?.[answerField] === undefined) throw new ServiceFailure(describeStreamError(error, requestId));
}

/**
 * Asks for a stream; a 200 that is not an event stream (a JSON error object, or a whole answer from
 * a server that does not stream) is read as a body instead of as an empty stream.
 */
async function openStream<Item>(asked: { withResponse(): Promise<{ data: Item; response: Response }> }): Promise<{ stream: Item } | { body: Record<string, unknown> | undefined; requestId: string | undefined }> {
  const { data, response } = await asked.withResponse();
  const type = response.headers.get('content-type') ?? '';
  if (/^text\/event-stream/i.test(type) || response.body === null) return { stream: data };
  const requestId = requestIdFrom(undefined, Object.fromEntries(response.headers));
  const body = parseJsonBody(Buffer.from(await response.arrayBuffer()), type, { dialect: gatewayDialect, status: response.status, requestId });
  return { body: readRecord(body), requestId };
}

function chatCompletion(body: Record<string, unknown> | undefined, requestId: string | undefined, { signal, onDelta }: Reading): AnswerResult {
  refuseErrorBody(body, 'choices', requestId);
  const choice = readRecord(Array.isArray(body?.['choices']) ? body['choices'][0] : undefined);
  const message = readRecord(choice?.['message']);
  const content = text(message?.['content']);
  const reasoning = text(message?.['reasoning_content']);
  onDelta(content, reasoning);
  return judged(content, reasoning, endingOf(choice?.['finish_reason']), chatUsage(body?.['usage']), signal);
}

/** Ends reading a stream that stays open after its answer said it was finished. */
function finisher(stream: { controller: AbortController }, clock: Clock) {
  let grace: { cancel(): void } | undefined;
  return {
    /** The answer is finished: close now when its usage came too, else after a short grace for it. */
    finished(withUsage: boolean): void {
      if (withUsage) stream.controller.abort();
      else grace ??= clock.setTimeout(() => stream.controller.abort(), USAGE_GRACE_MS);
    },
    dispose: () => grace?.cancel(),
  };
}

async function readChat(reading: Asking): Promise<AnswerResult> {
  const { openai, request, signal, requestSignal, clock, limits, onDelta } = reading;
  if (!request.stream) {
    const { data, response } = await openai.chat.completions.create({ ...chatBody(request), stream: false }, { signal: requestSignal }).withResponse();
    return chatCompletion(readRecord(data), requestIdFrom(undefined, Object.fromEntries(response.headers)), reading);
  }
  const opened = await openStream(openai.chat.completions.create({ ...chatBody(request), stream: true, stream_options: { include_usage: true } }, { signal: requestSignal }));
  if (!('stream' in opened)) return chatCompletion(opened.body, opened.requestId, reading);
  const { stream } = opened;
  const ended = finisher(stream, clock);
  const content = new KeptText(limits.maxChars);
  const reasoning = new KeptText(limits.maxChars);
  let ending: 'stop' | 'length' | undefined;
  let usage: TokenUsage | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<unknown>) {
      const body = readRecord(chunk);
      // A usage chunk comes with `choices` empty, null or absent.
      usage = chatUsage(body?.['usage']) ?? usage;
      const choices = Array.isArray(body?.['choices']) ? body['choices'] : [];
      const choice = readRecord(choices[0]);
      const delta = readRecord(choice?.['delta']);
      onDelta(content.add(text(delta?.['content'])), reasoning.add(text(delta?.['reasoning_content'])));
      ending = endingOf(choice?.['finish_reason']) ?? ending;
      if (ending !== undefined) ended.finished(usage !== undefined);
    }
  } catch (error) {
    throw new PartialAnswerError(content.text, reasoning.text, usage, error);
  } finally {
    ended.dispose();
  }
  return judged(content.text, reasoning.text, ending, usage, signal);
}

function responseObject(response: Record<string, unknown> | undefined, requestId: string | undefined, { signal, onDelta }: Reading): AnswerResult {
  refuseErrorBody(response, 'output', requestId);
  const content = outputTextOf(response?.['output']);
  onDelta(content, '');
  return judged(content, '', responseEnding(response?.['status']), responsesUsage(response?.['usage']), signal);
}

async function readResponses(reading: Asking): Promise<AnswerResult> {
  const { openai, request, signal, requestSignal, clock, limits, onDelta } = reading;
  if (!request.stream) {
    const { data, response } = await openai.responses.create({ ...responsesBody(request), stream: false }, { signal: requestSignal }).withResponse();
    return responseObject(readRecord(data), requestIdFrom(undefined, Object.fromEntries(response.headers)), reading);
  }
  const opened = await openStream(openai.responses.create({ ...responsesBody(request), stream: true }, { signal: requestSignal }));
  if (!('stream' in opened)) return responseObject(opened.body, opened.requestId, reading);
  const { stream } = opened;
  const ended = finisher(stream, clock);
  const content = new KeptText(limits.maxChars);
  const reasoning = new KeptText(limits.maxChars);
  let ending: 'stop' | 'length' | undefined;
  let usage: TokenUsage | undefined;
  try {
    for await (const event of stream as AsyncIterable<unknown>) {
      const fields = readRecord(event);
      const type = fields?.['type'];
      if (type === 'response.output_text.delta') {
        onDelta(content.add(text(fields?.['delta'])), '');
      } else if (type === 'response.reasoning_text.delta' || type === 'response.reasoning_summary_text.delta') {
        onDelta('', reasoning.add(text(fields?.['delta'])));
      } else if (type === 'response.completed' || type === 'response.incomplete') {
        const response = readRecord(fields?.['response']);
        ending = responseEnding(response?.['status']);
        usage = responsesUsage(response?.['usage']) ?? usage;
        // The response's last event carries everything: nothing more is waited for.
        ended.finished(true);
      }
    }
  } catch (error) {
    throw new PartialAnswerError(content.text, '', usage, error);
  } finally {
    ended.dispose();
  }
  return judged(content.text, '', ending, usage, signal);
}

function endingOf(finishReason: unknown): 'stop' | 'length' | undefined {
  if (typeof finishReason !== 'string' || !finishReason) return undefined;
  return finishReason === 'length' ? 'length' : 'stop';
}

function responseEnding(status: unknown): 'stop' | 'length' | undefined {
  return status === 'completed' ? 'stop' : status === 'incomplete' ? 'length' : undefined;
}

function outputTextOf(output: unknown): string {
  if (!Array.isArray(output)) return '';
  return output
    .flatMap((item) => {
      const content = readRecord(item)?.['content'];
      return Array.isArray(content) ? content : [];
    })
    .map((part) => {
      const fields = readRecord(part);
      return fields?.['type'] === 'output_text' ? text(fields['text']) : '';
    })
    .join('');
}

/** A stream that failed after some of the answer arrived: the text so far travels with the cause. */
export class PartialAnswerError extends Error {
  readonly content: string;
  readonly reasoning: string;
  readonly usage: TokenUsage | undefined;

  constructor(content: string, reasoning: string, usage: TokenUsage | undefined, cause: unknown) {
    super('The answer stream failed part-way', { cause });
    this.name = 'PartialAnswerError';
    this.content = content;
    this.reasoning = reasoning;
    this.usage = usage;
  }
}
