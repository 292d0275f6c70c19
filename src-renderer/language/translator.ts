import { initReactI18next } from 'react-i18next';
import { matchLanguage } from '../../src-shared/i18n/languages.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';

/** The window's translator; it starts in the system's language until Settings' choice has loaded. */
export const translator = createTranslator(matchLanguage(navigator.languages), [initReactI18next]);
