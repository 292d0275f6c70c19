import type { Language } from '../../src-shared/i18n/languages.ts';

/** Each language by its own name, so whoever cannot read the current one still finds theirs. */
export const ownNames: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };
