import { create } from 'zustand';
import type { IpcError } from '../../src-shared/contract/define.ts';
import { resolveLanguage, type Language, type LanguageChoice } from '../../src-shared/i18n/languages.ts';
import { saveLanguage, savedLanguage } from '../data/window-settings.ts';
import { showLanguage, translator } from './translator.ts';

export interface LanguageStore {
  choice: LanguageChoice;
  /** What the window shows: the choice, or the system's language for `system`. */
  language: Language;
  /** A chosen language whose words could not be fetched: the window stays in the one it showed. */
  unavailable: Language | null;
  saveError: IpcError | null;
  load(): Promise<void>;
  /** Applies at once; main remembers it and words its menus and dialogs in it. */
  choose(choice: LanguageChoice): Promise<void>;
}

const systemLanguage = (): Language => resolveLanguage('system', navigator.languages);

/** Shows the choice's language once its catalog is here; answers the language the window now shows, and the one it could not. */
async function apply(choice: LanguageChoice): Promise<Pick<LanguageStore, 'language' | 'unavailable'>> {
  const wanted = resolveLanguage(choice, navigator.languages);
  const shown = await showLanguage(wanted);
  return { language: translator.language as Language, unavailable: shown ? null : wanted };
}

export const useLanguageStore = create<LanguageStore>()((set) => ({
  choice: 'system',
  language: systemLanguage(),
  unavailable: null,
  saveError: null,

  async load() {
    const saved = await savedLanguage();
    // Without the saved choice the window stays in the system's language.
    if (saved.ok) set({ choice: saved.data.choice, ...(await apply(saved.data.choice)) });
  },

  async choose(choice) {
    set({ choice, ...(await apply(choice)), saveError: null });
    const saved = await saveLanguage(choice);
    if (!saved.ok) set({ saveError: saved.error });
  },
}));
