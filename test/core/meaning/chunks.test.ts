// How a long text is cut before it is embedded: chunks within the model's input, each starting with
// the item's title, cut at a sentence where one is near, overlapping so that no sentence is only
// ever seen cut in two, and at most MAX_CHUNKS of them.
import { describe, expect, test } from 'vitest';
import { CHUNK_CHARS, MAX_CHUNKS, chunksOf } from '../../../src-main/core/meaning/item-texts.ts';

const sentences = (count: number) => Array.from({ length: count }, (_, at) => `Sentence number ${at} says one thing about the printer on floor ${at % 7}.`).join(' ');

describe('chunks of a long text', () => {
  test('a short text is one chunk: its title, then its body', () => {
    expect(chunksOf('Locked out', 'I forgot my passphrase.')).toEqual(['Locked out\nI forgot my passphrase.']);
    expect(chunksOf('', '  ')).toEqual([]);
    expect(chunksOf('Only a title', '')).toEqual(['Only a title']);
  });

  test('a long one: every chunk within the limit, led by the title, cut after a sentence, each sentence whole in one of them', () => {
    const body = sentences(120);
    const chunks = chunksOf('Printer trouble', body);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_CHARS);
      expect(chunk.startsWith('Printer trouble\n')).toBe(true);
    }
    for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/\.$/);
    const each = body.match(/Sentence number \d+[^.]*\./g)!;
    for (const sentence of each) expect(chunks.some((chunk) => chunk.includes(sentence)), sentence).toBe(true);
  });

  test('a very long one keeps its first MAX_CHUNKS chunks', () => {
    const chunks = chunksOf('Conversation', sentences(5000));
    expect(chunks).toHaveLength(MAX_CHUNKS);
    expect(chunks[0]).toContain('Sentence number 0 ');
  });

  test('a text with no space at all is cut at the limit', () => {
    const chunks = chunksOf('', 'x'.repeat(CHUNK_CHARS * 2));
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_CHARS, CHUNK_CHARS, 400]);
  });
});
