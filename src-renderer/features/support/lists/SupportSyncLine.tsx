import { memo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { supportCalls, useSupportSyncStatus } from '../support-data.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SupportResource } from '../../../../src-shared/contract/sync.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import { Time } from '../../../ui/Time.tsx';
import { useExplainedAbove } from '../../../ui/connection-above.ts';

/** When a support cache was last filled from the server and what its sync does now: always in view. */
export const SupportSyncLine = memo(function SupportSyncLine({ profileId, resource }: { profileId: string; resource: SupportResource }) {
  const { t } = useTranslation();
  const status = useSupportSyncStatus(profileId, resource);

  return (
    <div className="si-sync-line" role="status" aria-label={t('support.sync.label')}>
      <span className="muted">
        {status?.lastSyncedAt ? (
          <Trans i18nKey={`support.sync.lastSynced.${resource}`} components={{ time: <Time value={status.lastSyncedAt} /> }} />
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
});

/** Why the server was not reached, unless the connection banner above says it already. */
function NotReached({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const { message } = useErrorText(error);
  if (useExplainedAbove(error)) return <span className="text-danger">{t('support.sync.notReachedAbove')}</span>;
  return <span className="text-danger">{t('support.sync.notReached', { reason: message })}</span>;
}
