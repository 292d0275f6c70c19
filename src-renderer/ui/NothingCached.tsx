import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** What will be kept here, and which work brings it. */
  explanation: string;
}

/** A view's body before its feature keeps anything in the cache: says so instead of showing made-up data. */
export function NothingCached({ title, explanation }: Props) {
  const { t } = useTranslation();
  return (
    <section className="card nothing-cached" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">{t('nothingCached.text', { explanation })}</p>
    </section>
  );
}
