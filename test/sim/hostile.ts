// Text the simulators slip into server-sent fields so the app can prove it renders them as
// inert text: markup, script, bidi overrides, emoji, combining marks, huge unbroken strings.
import type { Random } from './random.ts';

export const HOSTILE_STRINGS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<script>alert("xss")</script>',
  '"><svg/onload=alert(document.domain)>',
  '[click me](javascript:alert(1))',
  'javascript:alert(1)',
  '{{constructor.constructor(\'alert(1)\')()}}',
  'invoice\u202Efdp.exe',
  'مرحبا \u202Bmixed RTL\u202C text עברית',
  '🔥🚨 urgent 👩‍💻🏳️‍🌈 家族 😀',
  'Z̸̡̛͎a̷̢͚l̶̰̈g̵̝̓o̸̱͝ t̴̰̏ë̵̱x̷̰̌t̵̡̛',
  '\'; DROP TABLE tickets; --',
  '%s%n%x%d ${process.env} ../../etc/passwd',
  'zero\u200Bwidth\u200Djoiner\uFEFF and a NUL\u0000 byte',
  'line one\r\nline two\ttabbed',
  'A'.repeat(10_000),
  ('long-unbroken-word-' + 'x'.repeat(60)).repeat(50),
];

// Returns `text`, or with probability `probability` a hostile variant of it.
export function sprinkleHostile(random: Random, text: string, probability = 0.04): string {
  if (!random.chance(probability)) return text;
  const hostile = random.pick(HOSTILE_STRINGS);
  return random.chance(0.5) ? `${text} ${hostile}` : hostile;
}
