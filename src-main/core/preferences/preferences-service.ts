import type { LanguageSetting, ThemeChoice } from '../../../src-shared/contract/app.ts';
import { languageChoices, resolveLanguage, type Language, type LanguageChoice } from '../../../src-shared/i18n/languages.ts';
import { createTranslator, type Translator } from '../../../src-shared/i18n/translator.ts';
import type { SettingsTable } from '../db/settings.ts';
import { Emitter } from '../lifecycle/emitter.ts';

const key = 'language';
const zoomKey = 'zoomLevel';
const themeKey = 'theme';
const themes: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * The user's language: Settings' choice, kept in SQLite, or the system's when the choice is
 * `system`. Main words its menus, native dialogs and notifications with `translator`.
 */
export class PreferencesService {
  readonly #settings: SettingsTable;
  readonly #systemLanguages: () => readonly string[];
  readonly #languageChanged = new Emitter<Language>();
  /** Fires with the new language when a choice changes it. */
  readonly onLanguageChanged = this.#languageChanged.event;
  readonly translator: Translator;

  constructor(settings: SettingsTable, systemLanguages: () => readonly string[]) {
    this.#settings = settings;
    this.#systemLanguages = systemLanguages;
    this.translator = createTranslator(this.language());
  }

  languageSetting(): LanguageSetting {
    const saved = this.#settings.read(key);
    return { choice: languageChoices.find((choice) => choice === saved) ?? 'system' };
  }

  language(): Language {
    return resolveLanguage(this.languageSetting().choice, this.#systemLanguages());
  }

  setLanguage(choice: LanguageChoice): LanguageSetting {
    this.#settings.write(key, choice);
    const language = this.language();
    if (language !== this.translator.language) {
      void this.translator.changeLanguage(language);
      this.#languageChanged.fire(language);
    }
    return { choice };
  }

  theme(): ThemeChoice {
    const saved = this.#settings.read(themeKey);
    return themes.find((theme) => theme === saved) ?? 'system';
  }

  setTheme(choice: ThemeChoice): ThemeChoice {
    this.#settings.write(themeKey, choice);
    return choice;
  }

  /** The window's zoom level in Chromium's steps (0 is 100 %), kept across restarts. */
  zoomLevel(): number {
    const saved = this.#settings.read(zoomKey);
    return typeof saved === 'number' && Number.isFinite(saved) ? saved : 0;
  }

  setZoomLevel(level: number): void {
    this.#settings.write(zoomKey, level);
  }

  dispose(): void {
    this.#languageChanged.dispose();
  }
}
