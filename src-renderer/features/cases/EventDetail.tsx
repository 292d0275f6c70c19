import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '../../../src-shared/contract/cases.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { OutcomeChip } from '../activity/index.ts';
import { AddressLink, AddressText } from '../../ui/AddressText.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { CaseMarkdown } from './case-markdown.tsx';
import { CaseNotes } from './CaseNotes.tsx';

/** The selected event whole: when it happened and when OpsDesk learned of it, who, its text (as text), its write's outcome and request id, its notes. */
export function EventDetail({ caseId, event, what }: { caseId: string; event: TimelineEvent | null; what: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const markdown = useContext(CaseMarkdown);
  if (!event) {
    return (
      <section className="case-event-detail case-event-detail-empty" aria-label={t('cases.timeline.detail.region')}>
        <p className="muted">{t('cases.timeline.detail.none')}</p>
      </section>
    );
  }
  const { write } = event;
  return (
    <section className="case-event-detail" aria-label={t('cases.timeline.detail.region')}>
      <div className="case-event-detail-main">
        <header className="case-event-detail-head">
          <span className={`case-event-kind case-kind-${event.kind}`}>{t(`cases.timeline.kind.${event.kind}`)}</span>
          <strong>{what}</strong>
          {event.target && (
            <button type="button" className="link-button" onClick={() => navigate(event.target!)}>
              {t('cases.timeline.detail.open')}
            </button>
          )}
        </header>
        <dl className="case-event-facts">
          <dt>{t('cases.timeline.detail.happened')}</dt>
          <dd>
            <Time value={event.at} />
          </dd>
          {event.learnedAt && (
            <>
              <dt>{t('cases.timeline.detail.learned')}</dt>
              <dd>
                <Time value={event.learnedAt} />
              </dd>
            </>
          )}
          {event.itemLabel && (
            <>
              <dt>{t('cases.timeline.detail.from')}</dt>
              <dd>
                <bdi>{visibleText(event.itemLabel)}</bdi>
              </dd>
            </>
          )}
          {event.actor && (
            <>
              <dt>{t('cases.timeline.detail.by')}</dt>
              <dd>
                <bdi>{visibleText(event.actor)}</bdi>
              </dd>
            </>
          )}
          {event.addresses.length > 0 && (
            <>
              <dt>{t('cases.timeline.detail.addresses')}</dt>
              <dd className="case-event-addresses">
                {event.addresses.slice(0, 20).map((address) => (
                  <AddressLink key={address} address={address}>
                    {address}
                  </AddressLink>
                ))}
              </dd>
            </>
          )}
          {write && write.backEnd !== 'local' && (
            <>
              <dt>{t('cases.timeline.detail.outcome')}</dt>
              <dd>
                <OutcomeChip entry={write} />
              </dd>
              <dt>{t('cases.timeline.detail.requestId')}</dt>
              <dd className="mono">{write.requestId ?? '—'}</dd>
              {write.profileName && (
                <>
                  <dt>{t('cases.timeline.detail.connection')}</dt>
                  <dd>{write.profileName}</dd>
                </>
              )}
              {write.proposedBy && (
                <>
                  <dt />
                  <dd>
                    <button type="button" className="link-button" onClick={() => navigate({ kind: 'conversation', params: { id: write.proposedBy! } })}>
                      {t('cases.timeline.detail.proposedBy')}
                    </button>
                  </dd>
                </>
              )}
            </>
          )}
        </dl>
        <div className="case-event-text">{event.kind === 'note' ? markdown(event.text ?? event.summary) : <AddressText text={event.text ?? event.summary} />}</div>
      </div>
      <CaseNotes caseId={caseId} eventId={event.id} compact />
    </section>
  );
}
