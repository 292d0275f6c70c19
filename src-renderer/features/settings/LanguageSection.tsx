import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageChoices, resolveLanguage, type LanguageChoice } from '../../../src-shared/i18n/languages.ts';
import { ownNames } from '../../language/language-names.ts';
import { useLanguageStore } from '../../language/language-store.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** System / English / 简体中文: applies at once, and main remembers it. */
export function LanguageSection() {
  const { t } = useTranslation();
  const id = useId();
  const choice = useLanguageStore((state) => state.choice);
  const choose = useLanguageStore((state) => state.choose);
  const saveError = useLanguageStore((state) => state.saveError);
  const unavailable = useLanguageStore((state) => state.unavailable);
  const label = (option: LanguageChoice) =>
    option === 'system' ? t('settings.language.system', { language: ownNames[resolveLanguage('system', navigator.languages)] }) : ownNames[option];

  return (
    <section className="card" aria-labelledby={`${id}-heading`} data-settings-section="language">
      <h2 id={`${id}-heading`} tabIndex={-1}>{t('settings.language.heading')}</h2>
      <div className="field language-field">
        <label className="field-label" htmlFor={id}>
          {t('settings.language.label')}
        </label>
        <select id={id} value={choice} onChange={(event) => void choose(event.target.value as LanguageChoice)} aria-describedby={`${id}-help`}>
          {languageChoices.map((option) => (
            <option key={option} value={option} lang={option === 'system' ? undefined : option}>
              {label(option)}
            </option>
          ))}
        </select>
        <span id={`${id}-help`} className="field-help">
          {t('settings.language.help')}
        </span>
      </div>
      {unavailable && (
        <div className="notice notice-warning" role="alert">
          <p>{t('settings.language.unavailable', { language: ownNames[unavailable] })}</p>
          <button type="button" className="button" onClick={() => void choose(choice)}>
            {t('settings.language.retry')}
          </button>
        </div>
      )}
      {saveError && <ErrorNotice error={saveError} />}
    </section>
  );
}
