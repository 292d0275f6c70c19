import { useTranslation } from 'react-i18next';
import { supportCalls, useSupportSyncStatus } from '../support-data.ts';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { SupportResource } from '../../../../src-preload/contract/sync.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import { useFormat } from '../../../ui/format.ts';

/** When a support cache was last filled from the server and what its sync does now: always in view. */
export function SupportSyncLine({ profileId, resource }: { profileId: string; resource: SupportResource }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useSupportSyncStatus(profileId, resource);

  const syncedAt = status?.lastSyncedAt ? new Date(status.lastSyncedAt) : null;
  return (
    <div className="si-sync-line" role="status" aria-label={t('support.sync.label')}>
      <span className="muted">
        {syncedAt ? (
          <time dateTime={syncedAt.toISOString()}>{t(`support.sync.lastSynced.${resource}`, { when: format.dateTime(syncedAt) })}</time>
        ) : (
          t(`support.sync.never.${resource}`)
        )}
      </span>
      {status?.state === 'syncing' && <span>{t('support.sync.syncing')}</span>}
      {status?.state === 'backing-off' && status.error && <NotReached error={status.error} />}
      <button type="button" className="button si-sync-now" onClick={() => void supportCalls(profileId).syncNow({ resource })}>
        {t('support.sync.now')}
      </button>
    </div>
  );
}

function NotReached({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const { message } = useErrorText(error);
  return <span className="text-danger">{t('support.sync.notReached', { reason: message })}</span>;
}
