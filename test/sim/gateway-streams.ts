// The stream variants real OpenAI-compatible servers send, each a switch on the gateway simulator
// (`gateway.setStreamShape`), so the app can be shown every one of them.
import { sseFrame } from './sim-server.ts';

export interface StreamShape {
  /** `: keep-alive` comment lines before and between the chunks. */
  keepAlive?: boolean;
  /** Every line ends in CRLF. */
  crlf?: boolean;
  /** A final usage chunk whose `choices` is null, sent even without `stream_options`. */
  usageWithNullChoices?: boolean;
  /** `reasoning_content` deltas (this text) before the answer. */
  reasoning?: string;
  /** After this many content deltas, an error object in the 200 stream, and nothing more. */
  errorAfterDeltas?: number;
  /** No `data: [DONE]` after the finishing chunk. */
  noDone?: boolean;
  /** How long the first token takes after the headers. */
  firstTokenDelayMs?: number;
  /** The answer's text instead of the simulated echo (Markdown, hostile output, long answers). */
  text?: string;
  /** The text is cut into deltas of this many characters instead of three words each. */
  deltaChars?: number;
  /** The wait between writes instead of the simulator's 25 ms. */
  deltaIntervalMs?: number;
  /** Chunks written together in one write, for rates above one chunk a millisecond. */
  chunksPerWrite?: number;
  /** After the finishing chunk (and usage), no `[DONE]` and the stream is never closed (chat and Responses). */
  stayOpen?: boolean;
  /** Chat and Responses answer 200 with this error object as the whole body, streamed or not, as many relays do. */
  errorBodyAt200?: object;
  /** A refusal of a streamed chat (a wrong key included) comes after the 200, as an error event with no [DONE]. */
  refusalsInStream?: boolean;
  /**
   * An answer that never ends and is never idle: a delta every `deltaIntervalMs` (200 ms unless
   * set), for longer than any test waits, as a runaway model or a looping relay sends.
   */
  drip?: boolean;
}

/** The drip's wait between deltas unless `deltaIntervalMs` says another. */
export const DRIP_INTERVAL_MS = 200;
// 10,000 deltas: more than half an hour at the drip's pace.
const DRIP_DELTAS = 10_000;

/** The deltas of a dripping answer: numbered words, so a test can tell how far it got. */
export function dripDeltas(): string[] {
  return Array.from({ length: DRIP_DELTAS }, (_, index) => `drip${index} `);
}

export interface ChatStreamParts {
  id: string;
  created: number;
  model: string;
  deltas: string[];
  finishReason: string;
  usage: object | undefined;
}

export interface ShapedStream {
  events: string[];
  /** Per event index, a wait before it that differs from the regular interval. */
  delays?: Record<number, number>;
}

export function deltasOf(text: string, deltaChars: number): string[] {
  const deltas: string[] = [];
  for (let i = 0; i < text.length; i += deltaChars) deltas.push(text.slice(i, i + deltaChars));
  return deltas;
}

/** A chat completion stream as `chat.completion.chunk` frames, shaped as the switches say. */
export function chatStream(parts: ChatStreamParts, shape: StreamShape): ShapedStream {
  const { id, created, model } = parts;
  const frame = (choices: unknown, extra: object = {}) => sseFrame({ id, object: 'chat.completion.chunk', created, model, choices, ...extra });
  const chunk = (delta: object, finishReason: string | null) => frame([{ index: 0, delta, finish_reason: finishReason, logprobs: null }]);
  const content = parts.deltas.map((text) => chunk({ content: text }, null));
  const reasoning = shape.reasoning ? deltasOf(shape.reasoning, 8).map((text) => chunk({ reasoning_content: text }, null)) : [];
  let events = [chunk({ role: 'assistant', content: '' }, null), ...reasoning];
  if (shape.errorAfterDeltas !== undefined) {
    events.push(...content.slice(0, shape.errorAfterDeltas));
    events.push(sseFrame({ error: { message: 'The upstream model stopped responding.', type: 'server_error', param: null, code: 'upstream_error' } }));
  } else {
    events.push(...content, chunk({}, parts.finishReason));
    if (parts.usage && shape.usageWithNullChoices) events.push(frame(null, { usage: parts.usage }));
    else if (parts.usage) events.push(frame([], { usage: parts.usage }));
    if (!shape.noDone && !shape.stayOpen) events.push(sseFrame('[DONE]'));
  }
  if (shape.keepAlive) events = events.flatMap((event) => [': keep-alive\n\n', event]);
  if (shape.crlf) events = events.map((event) => event.replace(/\n/g, '\r\n'));
  if (shape.chunksPerWrite && shape.chunksPerWrite > 1) {
    const size = shape.chunksPerWrite;
    events = Array.from({ length: Math.ceil(events.length / size) }, (_, index) => events.slice(index * size, (index + 1) * size).join(''));
  }
  const firstToken = shape.keepAlive ? 2 : 1;
  return { events, ...(shape.firstTokenDelayMs !== undefined && { delays: { [firstToken]: shape.firstTokenDelayMs } }) };
}
