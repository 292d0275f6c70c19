import { useTranslation } from 'react-i18next';
import type { AnswerSource } from '../../../../src-shared/contract/support.ts';

/** What the robot answered from, with the server's scores. */
export function AnswerSources({ sources }: { sources: readonly AnswerSource[] }) {
  const { t, i18n } = useTranslation();
  if (sources.length === 0) return <p className="muted">{t('supportDesk.qa.noSources')}</p>;
  const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <div className="support-sources">
      <span className="field-label">{t('supportDesk.qa.sources')}</span>
      <ul>
        {sources.map((source, index) => (
          <li key={`${source.id}-${index}`}>
            <span>{source.title ?? source.id}</span>
            {source.source !== null && <span className="support-tag">{source.source}</span>}
            {source.score !== null && <span className="muted">{t('supportDesk.kb.score', { score: score.format(source.score) })}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
