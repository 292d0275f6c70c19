import i18next from 'i18next';
import type { i18n, Module } from 'i18next';
import type { Catalog } from './en.ts';
import { languages, type Language } from './languages.ts';

export type Translator = i18n;

/**
 * An i18next instance over the catalogs given (English at least: it is the fallback), ready at
 * once. Values are never HTML-escaped: React escapes what it renders, and native menus and dialogs
 * show plain text. A value is never read as a key either (`skipOnVariables`), so a server's words
 * stay words.
 */
export function translatorOver(language: Language, catalogs: { en: Catalog } & Partial<Record<Language, Catalog>>, plugins: readonly Module[] = []): Translator {
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    resources: Object.fromEntries(Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false, skipOnVariables: true },
    initAsync: false,
  });
  return instance;
}
