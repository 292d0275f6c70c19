import { useTranslation } from 'react-i18next';
import { supportCalls, useSupportRemote } from '../support-data.ts';
import type { AnalyticsSection as AnalyticsGroup } from '../../../../src-shared/contract/support.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { ScopeMissing } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import type { SupportSectionProps } from '../section.ts';
import { StatusChart } from './StatusChart.tsx';
import { useAnalyticsWords } from './analytics-words.ts';

/** The analytics overview: per group (tickets, contacts…) its total, its other figures, and its counts per status as a chart. */
export function AnalyticsSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const readable = useSupportAccess(profile.id).allows('analytics.read');
  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.analytics')}>
      {readable === false ? <ScopeMissing scope="analytics.read" /> : <Overview profileId={profile.id} />}
    </section>
  );
}

function Overview({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const state = useSupportRemote(profileId, 'analytics', () => supportCalls(profileId).analytics({}));
  return (
    <>
      <div className="section-header">
        <p className="muted">
          {state.isSuccess && state.data.generatedAt !== null && (
            <>
              {t('supportDesk.analytics.generated')} <Time value={state.data.generatedAt} />
            </>
          )}
        </p>
        <button type="button" className="button" onClick={() => void state.refetch()}>
          {t('supportDesk.common.refresh')}
        </button>
      </div>
      {state.isPending && <p className="muted">{t('supportDesk.common.loading')}</p>}
      {state.isError && <ErrorNotice read error={state.error} title={t('supportDesk.analytics.failed')} />}
      {state.isSuccess && state.data.sections.length === 0 && <p className="muted">{t('supportDesk.analytics.empty')}</p>}
      {state.isSuccess && (
        <div className="support-analytics">
          {state.data.sections.map((group, index) => (
            <Group key={`${group.name}-${index}`} group={group} />
          ))}
        </div>
      )}
    </>
  );
}

function Group({ group }: { group: AnalyticsGroup }) {
  const { t } = useTranslation();
  const words = useAnalyticsWords();
  const title = words.group(group.name);
  return (
    <section className="card support-analytics-group" aria-label={title}>
      <h2>{title}</h2>
      <div className="support-figures">
        {group.total !== null && <Figure label={t('supportDesk.analytics.total')} value={group.total} />}
        {group.figures.map((figure) => (
          <Figure key={figure.name} label={words.figure(figure.name)} value={figure.value} />
        ))}
      </div>
      {group.byStatus.length > 0 && <StatusChart title={t('supportDesk.analytics.byStatus', { group: title })} counts={group.byStatus.map(({ status, count }) => ({ label: words.status(status), count }))} />}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation();
  return (
    <div className="support-figure">
      <span className="support-figure-value">{t('supportDesk.common.number', { value })}</span>
      <span className="muted">{label}</span>
    </div>
  );
}
