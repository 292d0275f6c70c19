import { create } from 'zustand';
import type { IpcError } from '../../src-preload/contract/define.ts';
import { resolveLanguage, type Language, type LanguageChoice } from '../../src-shared/i18n/languages.ts';
import { opsdesk } from '../bridge.ts';
import { translator } from './translator.ts';

export interface LanguageStore {
  choice: LanguageChoice;
  /** What the window shows: the choice, or the system's language for `system`. */
  language: Language;
  saveError: IpcError | null;
  load(): Promise<void>;
  /** Applies at once; main remembers it and words its menus and dialogs in it. */
  choose(choice: LanguageChoice): Promise<void>;
}

const systemLanguage = (): Language => resolveLanguage('system', navigator.languages);

function apply(choice: LanguageChoice): Language {
  const language = resolveLanguage(choice, navigator.languages);
  void translator.changeLanguage(language);
  return language;
}

export const useLanguageStore = create<LanguageStore>()((set) => ({
  choice: 'system',
  language: systemLanguage(),
  saveError: null,

  async load() {
    const saved = await opsdesk.app.language();
    // Without the saved choice the window stays in the system's language.
    if (saved.ok) set({ choice: saved.data.choice, language: apply(saved.data.choice) });
  },

  async choose(choice) {
    set({ choice, language: apply(choice), saveError: null });
    const saved = await opsdesk.app.setLanguage({ choice });
    if (!saved.ok) set({ saveError: saved.error });
  },
}));
