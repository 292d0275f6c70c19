import { describe, expect, it } from 'vitest';
import { visibleText } from '../../src-shared/visible-text.ts';

describe('visibleText', () => {
  it.each([
    ['invoice\u202Efdp.exe', 'invoice⟨U+202E⟩fdp.exe'],
    ['\u202Aembedded\u202C', '⟨U+202A⟩embedded⟨U+202C⟩'],
    ['\u2066isolated\u2069 \u2067rtl\u2069 \u2068first\u2069', '⟨U+2066⟩isolated⟨U+2069⟩ ⟨U+2067⟩rtl⟨U+2069⟩ ⟨U+2068⟩first⟨U+2069⟩'],
    ['a\u200Eb\u200Fc\u061Cd', 'a⟨U+200E⟩b⟨U+200F⟩c⟨U+061C⟩d'],
    ['zero\u200Bwidth\uFEFF\u2060', 'zero⟨U+200B⟩width⟨U+FEFF⟩⟨U+2060⟩'],
  ])('writes out the invisible controls in %j', (sent, shown) => expect(visibleText(sent)).toBe(shown));

  it.each(['10.20.12.21', 'مرحبا עברית', '家族 😀', 'Zalgo t̴ë̵x̷t'])('leaves %j as sent', (text) => expect(visibleText(text)).toBe(text));
});
