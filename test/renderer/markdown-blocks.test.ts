// The block split the chat renders with: what it cuts where, and that carrying it forward while
// an answer streams gives exactly the split of the whole text at every step.
import { describe, expect, test } from 'vitest';
import { continueSplit, paragraphPieces, splitMarkdown, type MarkdownSplit } from '../../src-renderer/features/chat/markdown-blocks.ts';
import { createRandom } from '../sim/random.ts';

const answer = [
  'The alert is a **port scan** from `203.0.113.7`.',
  '',
  '1. Check the block list.',
  '',
  '   Still the first item.',
  '2. Block it:',
  '',
  '```bash',
  'curl -X POST "$FW/blocklist"',
  '',
  '```not a closing fence',
  '```',
  '',
  '| field | value |',
  '|---|---|',
  '| severity | high |',
  '',
  '~~~',
  'tilde fence with ``` inside',
  '~~~',
  'Last words.',
].join('\n');

const shown = ({ blocks, openFence }: MarkdownSplit) => ({ blocks, openFence });

describe('markdown blocks', () => {
  test('cuts at blank lines outside fences, keeps continuations and whole code blocks', () => {
    expect(splitMarkdown(answer).blocks).toEqual([
      'The alert is a **port scan** from `203.0.113.7`.',
      '1. Check the block list.\n\n   Still the first item.\n2. Block it:',
      '```bash\ncurl -X POST "$FW/blocklist"\n\n```not a closing fence\n```',
      '| field | value |\n|---|---|\n| severity | high |',
      '~~~\ntilde fence with ``` inside\n~~~\nLast words.',
    ]);
    expect(splitMarkdown(answer).openFence).toBeNull();
  });

  test('a code block still open at the end is set apart as plain code, with its language', () => {
    const split = splitMarkdown('Run this:\n```ts\nconst blocked = await block(');
    expect(shown(split)).toEqual({ blocks: ['Run this:'], openFence: { language: 'ts', code: 'const blocked = await block(' } });
    expect(shown(splitMarkdown('Intro\n\n```\n'))).toEqual({ blocks: ['Intro'], openFence: { language: '', code: '' } });
  });

  test.each([1, 2, 3])('carried forward over a stream in random pieces (seed %i), it equals the split of the text so far', (seed) => {
    const random = createRandom(seed, 'markdown-stream');
    const text = `${answer}\n\n${answer.replaceAll('bash', 'python')}`;
    let split: MarkdownSplit | undefined;
    let rescanned = 0;
    for (let end = 0; end < text.length; ) {
      end = Math.min(text.length, end + 1 + Math.floor(random.next() * 12));
      const previous = split;
      split = continueSplit(split, text.slice(0, end));
      if (previous && split.tailStart < previous.tailStart) throw new Error('a block that was finished was scanned again');
      rescanned += end - split.tailStart;
      expect(shown(split)).toEqual(shown(splitMarkdown(text.slice(0, end))));
    }
    // Each step scanned about one block, not the whole text.
    expect(rescanned).toBeLessThan(text.length * 30);
  });

  test('a text that is not a continuation is split afresh', () => {
    const first = splitMarkdown('one\n\ntwo');
    expect(continueSplit(first, 'three').blocks).toEqual(['three']);
    expect(continueSplit(first, 'one\n\ntwo')).toBe(first);
  });

  test('a long paragraph is cut into pieces only at sentence ends where every inline construct is closed', () => {
    const sentence = 'The firewall saw a **scan** from `203.0.113.7` on many ports. ';
    const paragraph = sentence.repeat(20) + 'A [runbook](https://runbooks.example/scan. Two) *says. So* it.';
    const pieces = paragraphPieces(paragraph);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(paragraph);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.length).toBeGreaterThanOrEqual(320);
      expect(piece.endsWith('ports. ')).toBe(true);
    }
    // Not inside the link or the emphasis.
    expect(pieces.at(-1)).toContain('A [runbook](https://runbooks.example/scan. Two) *says. So* it.');
    // Growing, only the last piece changes.
    for (let end = 400; end < paragraph.length; end += 37) {
      const now = paragraphPieces(paragraph.slice(0, end));
      expect(now.slice(0, -1)).toEqual(pieces.slice(0, now.length - 1));
    }
  });

  test('short paragraphs and anything that is not a one-line paragraph stay whole', () => {
    const long = 'Word. '.repeat(100);
    expect(paragraphPieces('Short. Two sentences.')).toHaveLength(1);
    expect(paragraphPieces(`- ${long}`)).toHaveLength(1);
    expect(paragraphPieces(`# ${long}`)).toHaveLength(1);
    expect(paragraphPieces(`> ${long}`)).toHaveLength(1);
    expect(paragraphPieces(`${long}\n${long}`)).toHaveLength(1);
    expect(paragraphPieces(long).length).toBeGreaterThan(1);
  });
});
