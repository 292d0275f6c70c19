import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { allMatching, checkedCount, noChecks } from '../../../ui/row-checks.ts';
import { useProfile } from '../../connections/index.ts';
import { NewCaseDialog } from '../../cases/index.ts';
import { suggestedCase } from './alerts-case-text.ts';
import type { AlertsStore } from './alerts-store.ts';
import { useOperateState } from '../operate-state.ts';
import { AlertsWorkItemDialog } from './AlertsWorkItemDialog.tsx';
import { BulkBlockDialog, type AlertsChosen } from '../bulk/BulkBlockDialog.tsx';

/**
 * What the checked alerts can have done together, beside the table's count: how many are checked,
 * "all N matching the filter", Block the distinct sources…, Create one work item…, Clear.
 */
export function AlertSelectionBar({ profileId, store }: { profileId: string; store: AlertsStore }) {
  const { t } = useTranslation();
  const checks = useStore(store, (state) => state.checks);
  const total = useStore(store, (state) => state.total);
  const operate = useOperateState(profileId);
  const [acting, setActing] = useState<{ action: 'block' | 'workItem' | 'case'; which: AlertsChosen } | null>(null);
  const appliance = useProfile(profileId)?.name ?? profileId;
  const count = checkedCount(checks, total);
  const chosen = (): AlertsChosen => (checks.allMatching ? { filter: store.getState().query.filter } : { alertIds: [...checks.ids] });
  const clear = () => store.getState().check(() => noChecks);

  return (
    <>
      {count > 0 && (
        <span className="fw-selection" role="toolbar" aria-label={t('firewall.selection.bar')}>
          <strong>{t('firewall.selection.count', { count })}</strong>
          {!checks.allMatching && total !== null && total > count && (
            <button type="button" className="link-button" onClick={() => store.getState().check(() => allMatching)}>
              {t('firewall.selection.allMatching', { count: total })}
            </button>
          )}
          <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} onClick={() => setActing({ action: 'block', which: chosen() })}>
            {t('firewall.selection.block')}
          </button>
          <button type="button" className="button" onClick={() => setActing({ action: 'workItem', which: chosen() })}>
            {t('firewall.selection.workItem')}
          </button>
          <button type="button" className="button" onClick={() => setActing({ action: 'case', which: chosen() })}>
            {t('cases.selection.newCase')}
          </button>
          <button type="button" className="link-button" onClick={clear}>
            {t('firewall.selection.clear')}
          </button>
        </span>
      )}
      {acting?.action === 'block' && <BulkBlockDialog profileId={profileId} which={acting.which} onClose={() => setActing(null)} />}
      {acting?.action === 'case' && (
        <NewCaseDialog
          from={{ alerts: { chosen: { profileId, ...acting.which }, count: 'alertIds' in acting.which ? acting.which.alertIds.length : total, profileName: appliance } }}
          {...suggestedCase(t, store.getState(), acting.which, appliance, total)}
          onClose={() => setActing(null)}
          onCreated={clear}
        />
      )}
      {acting?.action === 'workItem' && <AlertsWorkItemDialog profileId={profileId} store={store} which={acting.which} onClose={() => setActing(null)} onCreated={clear} />}
    </>
  );
}
