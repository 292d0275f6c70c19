import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { SyncStatus } from '../../../src-shared/contract/sync.ts';
import { useConnectionState } from '../connections/index.ts';
import { failedToReach, useExplainedAbove } from '../../ui/connection-above.ts';
import { useErrorText } from '../../language/use-error-text.ts';
import { useFormat } from '../../ui/format.ts';
import { Time } from '../../ui/Time.tsx';
import { firewallSyncCalls, useFirewallSyncStatus } from './firewall-data.ts';
import { useNow } from './use-now.ts';

/** When each cache was last filled from the appliance, and what the sync does now: always in view. */
export function SyncLine({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const alerts = useFirewallSyncStatus(profileId, 'alerts');
  const blocklist = useFirewallSyncStatus(profileId, 'blocklist');
  const offline = useConnectionState(profileId).kind === 'offline';
  const now = useNow(15_000);
  const statuses = [{ resource: 'alerts', status: alerts }, { resource: 'blocklist', status: blocklist }] as const;

  return (
    <div className="fw-sync-line" role="status" aria-label={t('firewall.sync.label')}>
      {statuses.map(({ resource, status }) => (
        <span key={resource} className="fw-sync-item">
          <strong>{t(`firewall.sync.resources.${resource}`)}</strong> <LastSynced status={status} now={now} />
          <SyncActivity status={status} offline={offline} />
        </span>
      ))}
      <button type="button" className="button fw-sync-now" onClick={() => void firewallSyncCalls(profileId).syncNow()}>
        {t('firewall.sync.now')}
      </button>
    </div>
  );
}

function LastSynced({ status, now }: { status: SyncStatus | undefined; now: number }) {
  const { t } = useTranslation();
  if (!status?.lastSyncedAt) return <span className="muted">{t('firewall.sync.never')}</span>;
  return (
    <span className="muted">
      {t('firewall.sync.lastSynced')} <Time value={status.lastSyncedAt} relativeTo={now} past />
    </span>
  );
}

/**
 * What the sync does now. Whether the appliance answers is the connection's to say: offline, every
 * line says so; once it answers again, a sync that failed to reach it runs at once, and its old
 * failure is not shown meanwhile.
 */
function SyncActivity({ status, offline }: { status: SyncStatus | undefined; offline: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (offline) return <span className="fw-sync-activity text-danger">{' · '}{t('firewall.sync.offline')}</span>;
  if (status?.state === 'syncing') {
    const progress = status.progress;
    return (
      <span className="fw-sync-activity">
        {' · '}
        {t('firewall.sync.syncing')}
        {progress && (
          <>
            {' '}
            {progress.total === null ? format.number(progress.fetched) : t('firewall.sync.progress', { fetched: progress.fetched, total: progress.total })}
            {progress.total !== null && <progress max={progress.total} value={progress.fetched} aria-label={t('firewall.sync.progressLabel')} />}
          </>
        )}
      </span>
    );
  }
  if (status?.state === 'backing-off' && status.error && !failedToReach(status.error)) return <NotReached error={status.error} />;
  return null;
}

/** Why the appliance's answer was of no use, in the window's language, unless the connection banner under the header says it already. */
function NotReached({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const { message, hint } = useErrorText(error);
  if (useExplainedAbove(error)) return <span className="fw-sync-activity text-danger">{' · '}{t('firewall.sync.notReachedBelow')}</span>;
  return (
    <span className="fw-sync-activity text-danger" title={hint}>
      {' · '}
      {t('firewall.sync.notReached', { reason: message })}
    </span>
  );
}
