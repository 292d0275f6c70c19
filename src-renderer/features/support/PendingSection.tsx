import { useTranslation } from 'react-i18next';

/** Holds a section's place in the nav until its feature lands, saying so rather than showing made-up data. */
export function PendingSection() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t('supportDesk.pending.label')}>
      <p className="muted">{t('supportDesk.pending.text')}</p>
    </section>
  );
}
