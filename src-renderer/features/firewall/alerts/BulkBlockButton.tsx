import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertFilter } from '../../../../src-shared/contract/firewall.ts';
import type { AlertsStore } from './alerts-store.ts';
import { useOperateState } from '../operate-state.ts';
import { BulkBlockDialog } from '../bulk/BulkBlockDialog.tsx';

/** "Block sources…": the distinct sources of every alert the filter matches, blocked after a preview. */
export function BulkBlockButton({ profileId, store, total }: { profileId: string; store: AlertsStore; total: number | null }) {
  const { t } = useTranslation();
  const operate = useOperateState(profileId);
  const [filter, setFilter] = useState<AlertFilter | null>(null);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!operate.allowed || !total}
        title={operate.reason}
        onClick={() => setFilter(store.getState().query.filter)}
      >
        {t('firewall.bulk.open')}
      </button>
      {filter && <BulkBlockDialog profileId={profileId} which={{ filter }} onClose={() => setFilter(null)} />}
    </>
  );
}
