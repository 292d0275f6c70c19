import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CaseDetail } from '../../../src-shared/contract/cases.ts';
import { useTranslation } from 'react-i18next';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useCaseDraft } from './case-draft.ts';
import { useCase, useCaseTimeline } from './cases-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { AddItemsDialog } from './AddItemsDialog.tsx';
import { BriefDialog } from './BriefDialog.tsx';
import { CaseHeader } from './CaseHeader.tsx';
import { CaseItemsPanel } from './CaseItemsPanel.tsx';
import { CaseModelPanel } from './CaseModelPanel.tsx';
import { CaseNotes } from './CaseNotes.tsx';
import { CaseObservables } from './CaseObservables.tsx';
import { CaseTimeline } from './CaseTimeline.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { CaseMarkdown } from './case-markdown.tsx';
import './cases-view.css';

type Acting = 'add' | 'merge' | 'brief' | null;
type Part = 'timeline' | 'observables';

/**
 * One case: its facts in a line, its timeline (filtered, newest or oldest first) with the event read
 * whole or its observables, the model's proposal, its notes and items beside. `actions`: what other features add to its toolbar (the
 * firewall's "Block all sources", composed in workspace/CaseTab.tsx); `markdown`: how notes are
 * rendered (the chat's renderer, given there too).
 */
export function CaseView({ params, actions, markdown }: { params: ViewParams<'case'>; actions?: (detail: CaseDetail) => ReactNode; markdown?: (text: string) => ReactNode }) {
  const { t } = useTranslation();
  const { caseId } = params;
  const found = useCase(caseId);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [acting, setActing] = useState<Acting>(null);
  const [part, setPart] = useState<Part>('timeline');
  // Kept here: the observables show an observable's events by filtering it.
  const timeline = useCaseTimeline(caseId);
  const model = useCaseDraft(caseId);
  const detail = found.data;
  if (found.error) return <ErrorNotice error={found.error} title={t('cases.view.readFailed')} />;
  if (!detail) return <p className="muted case-loading">{t('cases.view.loading')}</p>;
  const view = (
    <section className="case-view" aria-label={t('cases.view.region', { case: detail.number })}>
      <CaseHeader detail={detail} onAct={setActing} actions={actions?.(detail)} />
      {detail.mergedInto && (
        <p className="notice notice-warning case-merged" role="status">
          {t('cases.view.mergedInto', { case: detail.mergedInto.number, title: detail.mergedInto.title })}{' '}
          <button type="button" className="link-button" onClick={() => navigate({ kind: 'case', params: { caseId: detail.mergedInto!.id } })}>
            {t('cases.view.openMerged')}
          </button>
        </p>
      )}
      <div className="case-body">
        <div className="case-main">
          <div className="case-parts" role="tablist" aria-label={t('cases.view.sections')}>
            {(['timeline', 'observables'] as const).map((each) => (
              <button key={each} type="button" role="tab" id={`case-${caseId}-${each}`} aria-selected={part === each} aria-controls={`case-${caseId}-${each}-panel`} className={part === each ? 'case-part case-part-on' : 'case-part'} onClick={() => setPart(each)}>
                {t(each === 'timeline' ? 'cases.view.timelineTab' : 'cases.view.observablesTab')}
              </button>
            ))}
            <span className="case-model-asks" role="group" aria-label={t('cases.model.asks')}>
              <button type="button" className="button" onClick={() => model.ask('summary')}>
                {t('cases.view.summarise')}
              </button>
              <button type="button" className="button" onClick={() => model.ask('customerUpdate')}>
                {t('cases.view.draftUpdate')}
              </button>
            </span>
          </div>
          <div className="case-part-panel" role="tabpanel" id={`case-${caseId}-${part}-panel`} aria-labelledby={`case-${caseId}-${part}`}>
            {part === 'timeline' ? (
              <CaseTimeline caseId={caseId} store={timeline} />
            ) : (
              <CaseObservables
                caseId={caseId}
                onShowOnTimeline={(value) => {
                  timeline.setQuery((current) => ({ ...current, filter: { text: value } }));
                  setPart('timeline');
                }}
              />
            )}
          </div>
        </div>
        <aside className="case-side">
          <CaseModelPanel caseId={caseId} model={model} />
          <CaseNotes caseId={caseId} />
          <CaseItemsPanel detail={detail} />
        </aside>
      </div>
      {acting === 'add' && <AddItemsDialog detail={detail} onClose={() => setActing(null)} />}
      {acting === 'merge' && <MergeDialog detail={detail} onClose={() => setActing(null)} />}
      {acting === 'brief' && <BriefDialog detail={detail} onClose={() => setActing(null)} />}
    </section>
  );
  return markdown ? <CaseMarkdown value={markdown}>{view}</CaseMarkdown> : view;
}
