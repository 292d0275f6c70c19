import { describe, expect, test } from 'vitest';
import type { CannedReply } from '../../src-shared/contract/replies.ts';
import { insertText, matchingReplies, slashQueryAt } from '../../src-renderer/features/support/reply/reply-text.ts';

describe('a / typed in the reply box', () => {
  test.each([
    ['/', 1, { start: 0, query: '' }],
    ['/ref', 4, { start: 0, query: 'ref' }],
    ['Hello /ref', 10, { start: 6, query: 'ref' }],
    ['Hello\n/thanks', 13, { start: 6, query: 'thanks' }],
    ['and/or', 6, null],
    ['/ref more', 9, null],
    ['https://example.com/path', 24, null],
    ['/ref', 2, { start: 0, query: 'r' }],
  ] as const)('%j at %i', (text, caret, expected) => {
    expect(slashQueryAt(text, caret)).toEqual(expected);
  });

  test('the chosen reply takes the place of /shortcut, the caret after it', () => {
    expect(insertText('Hi /ref!', 3, 7, 'Your refund')).toEqual({ text: 'Hi Your refund!', caret: 14 });
  });
});

test('replies whose shortcut starts with the words come first, then those with them anywhere', () => {
  const reply = (shortcut: string, body: string) => ({ id: shortcut, shortcut, body }) as CannedReply;
  const replies = [reply('thanks', 'Thank you'), reply('prefund', 'Pre-refund'), reply('refund', 'Your refund'), reply('hello', 'Hi')];
  expect(matchingReplies(replies, 'ref').map((found) => found.shortcut)).toEqual(['refund', 'prefund']);
  expect(matchingReplies(replies, '').map((found) => found.shortcut)).toEqual(['thanks', 'prefund', 'refund', 'hello']);
  expect(matchingReplies(replies, 'THANK').map((found) => found.shortcut)).toEqual(['thanks']);
});
