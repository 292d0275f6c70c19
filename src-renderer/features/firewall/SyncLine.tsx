import type { SyncStatus } from '../../../src-preload/contract/sync.ts';
import { useFirewallStatusStore } from './firewall-status-store.ts';
import { relativeTime } from './relative-time.ts';
import { useNow } from './use-now.ts';
import { fill } from '../../ui/fill-template.ts';
import { useCatalogSection } from '../../ui/use-catalog-section.ts';


/** When each cache was last filled from the appliance, and what the sync does now: always in view. */
export function SyncLine({ profileId }: { profileId: string }) {
  const s = useCatalogSection('firewall').sync;
  const sync = useFirewallStatusStore((state) => state.sync[profileId]);
  const syncNow = useFirewallStatusStore((state) => state.syncNow);
  const now = useNow(15_000);
  const statuses = (['alerts', 'blocklist'] as const).map((resource) => ({ resource, status: sync?.[resource] }));

  return (
    <div className="fw-sync-line" role="status" aria-label={s.label}>
      {statuses.map(({ resource, status }) => (
        <span key={resource} className="fw-sync-item">
          <strong>{s.resources[resource]}</strong> <LastSynced status={status} now={now} />
          <SyncActivity status={status} />
        </span>
      ))}
      <button type="button" className="button fw-sync-now" onClick={() => void syncNow(profileId)}>
        {s.now}
      </button>
    </div>
  );
}

function LastSynced({ status, now }: { status: SyncStatus | undefined; now: number }) {
  const s = useCatalogSection('firewall').sync;
  if (!status?.lastSyncedAt) return <span className="muted">{s.never}</span>;
  const at = new Date(status.lastSyncedAt);
  return (
    <span className="muted">
      {s.lastSynced} <time dateTime={status.lastSyncedAt} title={at.toLocaleString()}>{relativeTime(at.getTime(), now)}</time>
    </span>
  );
}

function SyncActivity({ status }: { status: SyncStatus | undefined }) {
  const s = useCatalogSection('firewall').sync;
  if (status?.state === 'syncing') {
    const progress = status.progress;
    return (
      <span className="fw-sync-activity">
        {' · '}
        {s.syncing}
        {progress && (
          <>
            {' '}
            {progress.total === null
              ? progress.fetched.toLocaleString()
              : fill(s.progress, { fetched: progress.fetched.toLocaleString(), total: progress.total.toLocaleString() })}
            {progress.total !== null && <progress max={progress.total} value={progress.fetched} aria-label={s.progressLabel} />}
          </>
        )}
      </span>
    );
  }
  if (status?.state === 'backing-off') {
    return <span className="fw-sync-activity text-danger" title={status.error?.hint}>{' · '}
        {fill(s.notReached, { reason: status.error?.message ?? s.noAnswer })}</span>;
  }
  return null;
}
