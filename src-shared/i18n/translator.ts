import type { Module } from 'i18next';
import { translatorOver, type Translator } from './catalog-translator.ts';
import { en, type Catalog } from './en.ts';
import type { Language } from './languages.ts';
import { zhCN } from './zh-CN.ts';

export type { Translator };

export const catalogs = { en, 'zh-CN': zhCN } as const satisfies Record<Language, Catalog>;

/** A translator over every catalog, as main words its menus, dialogs and notifications (the catalogs are bundled, nothing loads). */
export const createTranslator = (language: Language, plugins: readonly Module[] = []): Translator => translatorOver(language, catalogs, plugins);
