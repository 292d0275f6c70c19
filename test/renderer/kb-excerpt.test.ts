import { describe, expect, test } from 'vitest';
import { excerptText } from '../../src-renderer/features/support/kb/excerpt.ts';

describe('a knowledge-base hit’s snippet', () => {
  test.each([
    ['cut inside a word: the part goes', 'Refunds are issued to the original payment meth', 'en', 'Refunds are issued to the original payment…'],
    ['cut after a comma: the whole word stays, the comma goes', 'Open the invoice, then choose Refund, ', 'en', 'Open the invoice, then choose Refund…'],
    ['a whole sentence stays whole', 'Refunds take five working days.', 'en', 'Refunds take five working days.'],
    ['already marked as cut', 'Refunds take five…', 'en', 'Refunds take five…'],
    ['white space runs read as one space', 'Refunds\n\n  take   five days.', 'en', 'Refunds take five days.'],
    ['one word only: kept', 'Refunds', 'en', 'Refunds…'],
    ['Chinese: the part of 账户 the cut left goes, at a break the language’s word breaks find', '退款将退回到您的原支付账', 'zh-CN', '退款将退回到您的原支付…'],
  ])('%s', (_case, snippet, language, shown) => {
    expect(excerptText(snippet, language)).toBe(shown);
  });

  test('a long snippet is cut at the last whole word before the limit', () => {
    const shown = excerptText(`${'refund '.repeat(60)}policy.`, 'en', 40);
    expect(shown).toBe(`${'refund '.repeat(5).trim()}…`);
  });
});
