import i18next from 'i18next';
import type { i18n, Module } from 'i18next';
import { en } from './en.ts';
import { languages, type Language } from './languages.ts';
import { zhCN } from './zh-CN.ts';

export type Translator = i18n;

export const catalogs = { en, 'zh-CN': zhCN } as const satisfies Record<Language, unknown>;

/**
 * An i18next instance over both catalogs, ready at once (the catalogs are bundled, nothing loads).
 * Values are never HTML-escaped: React escapes what it renders, and native menus and dialogs show
 * plain text. A value is never read as a key either (`skipOnVariables`), so a server's words stay words.
 */
export function createTranslator(language: Language, plugins: readonly Module[] = []): Translator {
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    resources: Object.fromEntries(languages.map((code) => [code, { translation: catalogs[code] }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false, skipOnVariables: true },
    initAsync: false,
  });
  return instance;
}
