import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CaseDetail } from '../../../src-preload/contract/cases.ts';
import { useTranslation } from 'react-i18next';
import type { ViewParams } from '../../../src-preload/contract/workspace.ts';
import { useCase } from '../../cases/cases-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../workspace/workspace-store.ts';
import { AddItemsDialog } from './AddItemsDialog.tsx';
import { BriefDialog } from './BriefDialog.tsx';
import { CaseHeader } from './CaseHeader.tsx';
import { CaseItemsPanel } from './CaseItemsPanel.tsx';
import { CaseNotes } from './CaseNotes.tsx';
import { CaseTimeline } from './CaseTimeline.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { CaseMarkdown } from './case-markdown.tsx';
import './cases-view.css';

type Acting = 'add' | 'merge' | 'brief' | null;

/**
 * One case: its facts in a line, its timeline (filtered, newest or oldest first) with the event read
 * whole, its notes and items beside. `actions`: what other features add to its toolbar (the
 * firewall's "Block all sources", composed in workspace/CaseTab.tsx); `markdown`: how notes are
 * rendered (the chat's renderer, given there too).
 */
export function CaseView({ params, actions, markdown }: { params: ViewParams<'case'>; actions?: (detail: CaseDetail) => ReactNode; markdown?: (text: string) => ReactNode }) {
  const { t } = useTranslation();
  const { caseId } = params;
  const found = useCase(caseId);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [acting, setActing] = useState<Acting>(null);
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
        <CaseTimeline caseId={caseId} />
        <aside className="case-side">
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
