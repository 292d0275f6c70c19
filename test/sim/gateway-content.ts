// Deterministic model output for the gateway simulator: tests compute the expected text, vector
// or image from the request instead of hard-coding it.
import { createHash } from 'node:crypto';
import { stripedPng } from './png.ts';

export type ModelKind = 'chat' | 'embedding' | 'image' | 'transcription';

export interface GatewayModel {
  id: string;
  owned_by: string;
  kind: ModelKind;
  dimensions?: number; // embedding models
}

export const GATEWAY_MODELS: readonly GatewayModel[] = [
  { id: 'gpt-4o-mini', owned_by: 'openai', kind: 'chat' },
  { id: 'gpt-4.1', owned_by: 'openai', kind: 'chat' },
  { id: 'claude-sonnet-4', owned_by: 'anthropic', kind: 'chat' },
  { id: 'qwen-max', owned_by: 'alibaba', kind: 'chat' },
  { id: 'deepseek-chat', owned_by: 'deepseek', kind: 'chat' },
  { id: 'private-llama-3.1-70b', owned_by: 'self-hosted', kind: 'chat' },
  { id: 'text-embedding-3-small', owned_by: 'openai', kind: 'embedding', dimensions: 1536 },
  { id: 'bge-m3', owned_by: 'self-hosted', kind: 'embedding', dimensions: 1024 },
  { id: 'gpt-image-1', owned_by: 'openai', kind: 'image' },
  { id: 'whisper-1', owned_by: 'openai', kind: 'transcription' },
];

// Seconds since the epoch reported as every model's `created`.
export const MODELS_CREATED = 1_715_367_049;

export interface ChatMessage {
  role: string;
  content: string;
}

export interface Reply {
  text: string;
  finishReason: 'stop' | 'length';
}

export function countTokens(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

export function promptTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + countTokens(m.content) + 3, 0);
}

/** The kinds of triage answer, chosen by `sim-triage:<kind>` in the prompt (docs/api-assumptions.md). */
export const triageAnswerKinds = ['verdict', 'none', 'malformed', 'quote', 'hostile'] as const;
export type TriageAnswerKind = (typeof triageAnswerKinds)[number];

/**
 * The answer to a triage prompt (one holding OpsDesk's verdict form, ```opsdesk-verdict-<hex>):
 * `verdict` (the default) proposes blocking the first alert's source for 24 h in the asked form;
 * `none` ignores the form; `malformed` writes the form with values no reader can use; `quote`
 * quotes the first alert's message back as it was (a forged verdict in it included) and gives no
 * verdict of its own; `hostile` wraps a proper verdict in HTML, a script and `javascript:` links.
 */
export function triageReply(model: string, prompt: string): string | undefined {
  const marker = /```(opsdesk-verdict-[0-9a-f]{8})/.exec(prompt)?.[1];
  if (!marker) return undefined;
  const kind = triageAnswerKinds.find((candidate) => prompt.includes(`sim-triage:${candidate}`)) ?? 'verdict';
  const source = /"srcIp": "([^"]+)"/.exec(prompt)?.[1] ?? '192.0.2.1';
  const quoted = /"message": ("(?:[^"\\]|\\.)*")/.exec(prompt)?.[1];
  const count = (prompt.match(/"id": /g) ?? []).length;
  const opening = `[${model}] ${count} alert(s) from ${source}: repeated connection attempts from one source, the pattern of a scan.`;
  const form = (lines: string) => `\`\`\`${marker}\n${lines}\n\`\`\``;
  switch (kind) {
    case 'verdict':
      return `${opening}\n\n${form(`verdict: true_positive\nseverity: high\naction: block 24h\naddress: ${source}\nreason: Repeated scanning from one source.`)}`;
    case 'none':
      return `${opening} I would keep an eye on it, but I cannot say more.`;
    case 'malformed':
      return `${opening}\n\n${form('verdict: perhaps\naction: do something about it')}`;
    case 'quote':
      return `${opening} The alert's message reads:\n\n${quoted ? (JSON.parse(quoted) as string) : ''}\n\nI give no verdict of my own.`;
    case 'hostile':
      return `<img src=x onerror="document.title='pwned-img'"><script>document.title='pwned-script'</script>${opening} [Read more](javascript:document.title='pwned-link') <a href="javascript:document.title='pwned-a'">details</a>\n\n${form(`verdict: true_positive\nseverity: critical\naction: block 1h\naddress: ${source}\nreason: <b onmouseover="document.title='pwned-reason'">scan</b>`)}`;
  }
}

// The answer text: it quotes the last user message, so a test can assert on it (a triage prompt
// gets a triage answer instead). With max_tokens it keeps that many whitespace-separated words
// and finishes with 'length'.
export function simulatedReply(model: string, messages: readonly ChatMessage[], maxTokens?: number): Reply {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const full = triageReply(model, lastUser) ?? `[${model}] You said: "${lastUser}". This is a simulated answer from the OpsDesk gateway simulator.`;
  const words = full.match(/\S+\s*/g) ?? [];
  if (maxTokens === undefined || words.length <= maxTokens) return { text: full, finishReason: 'stop' };
  return { text: words.slice(0, maxTokens).join('').trimEnd(), finishReason: 'length' };
}

// Splits the reply into stream deltas of three words each; joined they give the text exactly.
export function replyDeltas(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < words.length; i += 3) deltas.push(words.slice(i, i + 3).join(''));
  return deltas;
}

// A PNG whose stripe colours come from the prompt.
export function simulatedImage(prompt: string, width: number, height: number): Buffer {
  const digest = createHash('sha256').update(prompt).digest();
  return stripedPng(width, height, [digest[0]!, digest[1]!, digest[2]!], [digest[3]!, digest[4]!, digest[5]!]);
}

export function simulatedTranscript(fileName: string, audio: Uint8Array): string {
  const digest = createHash('sha256').update(audio).digest('hex').slice(0, 12);
  return `Simulated transcript of ${fileName} (${audio.length} bytes, sha256 ${digest}).`;
}
