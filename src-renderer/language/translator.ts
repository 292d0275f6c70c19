import { initReactI18next } from 'react-i18next';
import { en, type Catalog } from '../../src-shared/i18n/en.ts';
import type { Language } from '../../src-shared/i18n/languages.ts';
import { translatorOver } from '../../src-shared/i18n/catalog-translator.ts';

/**
 * The window's translator. It holds English, the fallback, from the start; another language's
 * catalog is fetched the first time it is shown: the first screen loads only what it shows (P4).
 */
export const translator = translatorOver('en', { en }, [initReactI18next]);

// A language comes whole, not a feature's file with that feature's chunk: a view draws its words the
// moment its chunk arrives, and views read other features' sections (the Firewall view words with
// support.*, cases.* and assistant.*), so words fetched with a feature would show English first.
const otherCatalogs: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  'zh-CN': () => import('../../src-shared/i18n/zh-CN.ts').then((module) => module.zhCN),
};

/**
 * Words the window in `language`, its catalog fetched first; answers whether it now shows it. A
 * catalog that cannot be fetched leaves the words as they were.
 */
export async function showLanguage(language: Language): Promise<boolean> {
  if (translator.language === language) return true;
  if (language !== 'en' && !translator.hasResourceBundle(language, 'translation')) {
    let catalog: Catalog;
    try {
      catalog = await otherCatalogs[language]();
    } catch {
      return false;
    }
    translator.addResourceBundle(language, 'translation', catalog);
  }
  await translator.changeLanguage(language);
  return true;
}
