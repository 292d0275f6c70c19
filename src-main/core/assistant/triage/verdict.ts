// Reads the verdict a triage asked the model to end with. Only the model's own answer is read,
// and only a block headed by the marker made when the triage was asked: an alert's text was
// written before that marker existed, so a verdict forged inside an alert (and quoted back by the
// model) cannot carry it. What the verdict names is checked against the triage itself: the address
// must be one the triaged alerts came from. Anything else in the form is read tolerantly.
import { isIP } from 'node:net';
import type { ProposedAction, Verdict, VerdictAssessment, VerdictProblem } from '../../../../src-shared/contract/assistant.ts';
import { alertSeverities } from '../../../../src-shared/firewall-constants.ts';

/** The longest block the appliance accepts (a year), and the longest reason a block keeps. */
const MAX_BLOCK_SECONDS = 31_536_000;
const MAX_REASON_CHARS = 500;

const assessmentWords: Record<VerdictAssessment, readonly string[]> = {
  true_positive: ['truepositive', 'tp', 'true', 'realattack', 'malicious', '真阳性', '真实攻击', '真正例'],
  false_positive: ['falsepositive', 'fp', 'false', 'benign', 'harmless', '误报', '假阳性', '假正例'],
  undetermined: ['undetermined', 'unknown', 'unsure', 'uncertain', 'inconclusive', '无法确定', '不确定', '未知'],
};

const actionWords: Record<ProposedAction, readonly string[]> = {
  block: ['block', 'ban', 'deny', '封禁', '阻断', '拦截'],
  allow: ['allow', 'allowlist', 'whitelist', 'permit', '放行', '允许'],
  watch: ['watch', 'monitor', 'observe', '关注', '观察', '监控'],
  none: ['none', 'noaction', 'nothing', 'ignore', 'no', '无', '无需动作', '不处理'],
};

const permanentWords = ['permanent', 'permanently', 'forever', 'indefinite', 'indefinitely', '永久'];

const unitSeconds: readonly [RegExp, number][] = [
  [/^(s|sec|secs|second|seconds|秒)$/, 1],
  [/^(m|min|mins|minute|minutes|分钟|分)$/, 60],
  [/^(h|hr|hrs|hour|hours|小时|时)$/, 3600],
  [/^(d|day|days|天|日)$/, 86_400],
  [/^(w|wk|wks|week|weeks|周|星期)$/, 7 * 86_400],
];

/** Letters and digits only, lower case: `True Positive`, `true-positive` and `TRUE_POSITIVE` read alike. */
const squeezed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A value as the model may dress it: Markdown emphasis, quotes, backticks, brackets. */
const bare = (text: string) => text.replace(/[*_`"'“”‘’<>[\]]/g, '').trim();

/** What an answer's text says in the verdict form. */
export type VerdictRead = { kind: 'none' } | { kind: 'malformed'; problem: VerdictProblem } | { kind: 'proposal'; verdict: Verdict };

/**
 * The verdict in `answer` (the model's own text, never the prompt) as a reading. `addresses` are
 * those the triage may act on: the triaged alerts' sources and the address asked about.
 */
export function readVerdict(answer: string, marker: string, addresses: readonly string[]): VerdictRead {
  const block = lastMarkedBlock(answer, marker);
  if (block === null) return { kind: 'none' };
  const fields = fieldsOf(block);

  const assessment = wordOf(assessmentWords, fields.get('verdict') ?? fields.get('assessment') ?? '');
  if (!assessment) return { kind: 'malformed', problem: 'verdict' };
  const actionText = bare(fields.get('action') ?? fields.get('proposedaction') ?? '');
  const action = actionOf(actionText);
  if (!action) return { kind: 'malformed', problem: 'action' };

  let durationSeconds: number | null = null;
  if (action === 'block') {
    durationSeconds = durationOf(actionText.replace(/^[\p{L}]+/u, '')) ?? durationOf(fields.get('duration') ?? '');
    if (durationSeconds === null) return { kind: 'malformed', problem: 'duration' };
  }

  let address: string | null = null;
  if (action !== 'none') {
    address = addressOf(fields.get('address') ?? fields.get('target') ?? fields.get('ip') ?? '', addresses);
    if (address === null) return { kind: 'malformed', problem: 'address' };
  }

  const severityText = squeezed(fields.get('severity') ?? '');
  const severity = alertSeverities.find((known) => known === severityText) ?? null;
  const reason = bare(fields.get('reason') ?? '').replace(/\p{Cc}+/gu, ' ').slice(0, MAX_REASON_CHARS);
  return { kind: 'proposal', verdict: { assessment, severity, action, address, durationSeconds, reason } };
}

/**
 * The body of the last block that opens with the marker: a fenced block whose info string is the
 * marker, or (for a model that drops the fence) the lines after a line holding only the marker, up
 * to a blank line or a fence.
 */
function lastMarkedBlock(answer: string, marker: string): string | null {
  const lines = answer.replace(/\r\n?/g, '\n').split('\n');
  const isMarker = (line: string) => {
    const text = line.trim().replace(/^(`{3,}|~{3,})\s*/, '').replace(/:$/, '').trim();
    return text.toLowerCase() === marker.toLowerCase();
  };
  for (let start = lines.length - 1; start >= 0; start--) {
    if (!isMarker(lines[start]!)) continue;
    const fenced = /^\s*(`{3,}|~{3,})/.exec(lines[start]!)?.[1];
    const body: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (fenced ? line.trim().startsWith(fenced) : line.trim() === '' || /^\s*(`{3,}|~{3,})/.test(line)) break;
      body.push(line);
    }
    return body.join('\n');
  }
  return null;
}

/** `key: value` lines, keys squeezed (`Proposed Action` → `proposedaction`); the first of a key counts. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const match = /^\s*[-*•]?\s*([^:：]{1,40})[:：](.*)$/.exec(line);
    if (!match) continue;
    const key = squeezed(match[1]!);
    if (key && !fields.has(key)) fields.set(key, match[2]!.trim());
  }
  return fields;
}

function wordOf<T extends string>(words: Record<T, readonly string[]>, text: string): T | null {
  const value = squeezed(bare(text).split(/[|(（]/)[0] ?? '');
  if (!value) return null;
  return (Object.keys(words) as T[]).find((name) => words[name].includes(value)) ?? null;
}

function actionOf(text: string): ProposedAction | null {
  if (/\|/.test(text)) return null; // the form's choices copied back, not a choice
  const whole = wordOf(actionWords, text);
  if (whole) return whole;
  const first = text.split(/[\s:：,，]+/)[0] ?? '';
  return wordOf(actionWords, first) ?? (actionWords.block.some((word) => text.startsWith(word)) ? 'block' : null);
}

/** `24h`, `24 hours`, `7d`, `1 week`, `30 分钟`, `permanent`; seconds (0 = permanent), or null. */
function durationOf(text: string): number | null {
  const value = bare(text).toLowerCase().replace(/^(for|时长)\s*/, '').trim();
  if (!value) return null;
  if (permanentWords.some((word) => value.startsWith(word))) return 0;
  const match = /^(\d+(?:\.\d+)?)\s*([\p{L}]+)/u.exec(value);
  if (!match) return null;
  const unit = unitSeconds.find(([pattern]) => pattern.test(match[2]!));
  if (!unit) return null;
  const seconds = Math.round(Number(match[1]) * unit[1]);
  return seconds > 0 && seconds <= MAX_BLOCK_SECONDS ? seconds : null;
}

/** The named address when it is one the triage may act on; with none named, the only one there is. */
function addressOf(text: string, addresses: readonly string[]): string | null {
  const named = bare(text).split(/\s/)[0] ?? '';
  if (!named) return addresses.length === 1 ? addresses[0]! : null;
  if (isIP(named) === 0) return null;
  return addresses.find((address) => address.toLowerCase() === named.toLowerCase()) ?? null;
}
