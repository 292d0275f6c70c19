import type { SyncResource, SyncStatus } from '../../../src-preload/contract/firewall.ts';
import { useFirewallStatusStore } from './firewall-status-store.ts';
import { relativeTime } from './relative-time.ts';
import { useNow } from './use-now.ts';

const resourceTitles: Record<SyncResource, string> = { alerts: 'Alerts', blocklist: 'Block list' };

/** When each cache was last filled from the appliance, and what the sync does now: always in view. */
export function SyncLine({ profileId }: { profileId: string }) {
  const sync = useFirewallStatusStore((state) => state.sync[profileId]);
  const syncNow = useFirewallStatusStore((state) => state.syncNow);
  const now = useNow(15_000);
  const statuses = (['alerts', 'blocklist'] as const).map((resource) => ({ resource, status: sync?.[resource] }));

  return (
    <div className="fw-sync-line" role="status" aria-label="Sync">
      {statuses.map(({ resource, status }) => (
        <span key={resource} className="fw-sync-item">
          <strong>{resourceTitles[resource]}</strong> <LastSynced status={status} now={now} />
          <SyncActivity status={status} />
        </span>
      ))}
      <button type="button" className="button fw-sync-now" onClick={() => void syncNow(profileId)}>
        Sync now
      </button>
    </div>
  );
}

function LastSynced({ status, now }: { status: SyncStatus | undefined; now: number }) {
  if (!status?.lastSyncedAt) return <span className="muted">never synced</span>;
  const at = new Date(status.lastSyncedAt);
  return (
    <span className="muted">
      last synced <time dateTime={status.lastSyncedAt} title={at.toLocaleString()}>{relativeTime(at.getTime(), now)}</time>
    </span>
  );
}

function SyncActivity({ status }: { status: SyncStatus | undefined }) {
  if (status?.state === 'syncing') {
    const progress = status.progress;
    return (
      <span className="fw-sync-activity">
        {' · '}syncing
        {progress && (
          <>
            {' '}
            {progress.fetched.toLocaleString()}
            {progress.total !== null && ` of ${progress.total.toLocaleString()}`}
            {progress.total !== null && <progress max={progress.total} value={progress.fetched} aria-label="Sync progress" />}
          </>
        )}
      </span>
    );
  }
  if (status?.state === 'backing-off') {
    return <span className="fw-sync-activity text-danger" title={status.error?.hint}>{` · not reached: ${status.error?.message ?? 'the appliance did not answer'}`}</span>;
  }
  return null;
}
