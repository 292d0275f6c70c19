/** The languages OpsDesk has a catalog for; the first is the fallback. */
export const languages = ['en', 'zh-CN'] as const;
export type Language = (typeof languages)[number];

/** What the user picked in Settings: a language, or whatever the operating system prefers. */
export const languageChoices = ['system', ...languages] as const;
export type LanguageChoice = (typeof languageChoices)[number];

// Traditional Chinese readers are not served by the Simplified catalog; their next preference is.
const traditionalChinese = /^zh-(hant|tw|hk|mo)\b/;

/** The first of the user's preferred languages (BCP 47 tags, best first) that OpsDesk has; English otherwise. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if ((lower === 'zh' || lower.startsWith('zh-')) && !traditionalChinese.test(lower)) return 'zh-CN';
  }
  return 'en';
}

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[]): Language {
  return choice === 'system' ? matchLanguage(preferred) : choice;
}
