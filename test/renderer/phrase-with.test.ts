import { describe, expect, it } from 'vitest';
import { phraseWith } from '../../src-renderer/language/phrase-with.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';

describe('phraseWith', () => {
  it('words a row label as i18next would, in each language, with the value as given', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const { t } = createTranslator(language);
      const label = phraseWith(t, 'firewall.selection.check', 'id');
      for (const id of ['al_000123', 'a{{id}}b', '$& $1', '']) expect(label(id)).toBe(t('firewall.selection.check', { id }));
    }
  });
});
