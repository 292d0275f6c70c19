import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { usePendingWrites } from './outbox-data.ts';
import { useActionText } from './use-action-text.ts';
import { offersActions, WriteActions, WriteState } from './WriteState.tsx';

/**
 * Whether a pending write is left waiting, not merely on its way: a write just stored and its first
 * attempt are its form's "Adding…" (listing them would flash on every change the server takes at
 * once), unless it waits behind an earlier change of the same object.
 */
function leftWaiting(entry: OutboxEntry, pending: readonly OutboxEntry[]): boolean {
  if (entry.attempts === 0) return pending.some((earlier) => earlier.objectKey === entry.objectKey && earlier.createdAt < entry.createdAt);
  return entry.state !== 'sending' || entry.attempts > 1;
}

/**
 * The changes of one kind of object (the outbox's object-key prefix: `allowEntry`) a connection's
 * server has not taken yet, shown where they were made: what each is, where it stands, and Retry and
 * Discard until it goes. Nothing when every change has gone.
 */
export function WaitingWrites({ profileId, kind }: { profileId: string; kind: string }) {
  const { t } = useTranslation();
  const actionText = useActionText();
  const waiting = usePendingWrites((writes) => {
    const pending = writes.filter((entry) => entry.profileId === profileId && entry.objectKey.startsWith(`${kind}:`));
    return pending.filter((entry) => leftWaiting(entry, pending));
  });

  if (waiting.length === 0) return null;
  return (
    <section className="waiting-writes" aria-label={t('outbox.waitingHere')}>
      <h3>{t('outbox.waitingHere')}</h3>
      <ul>
        {waiting.map((entry) => (
          <li key={entry.id} data-write-state={entry.state}>
            <bdi className="waiting-writes-action">{actionText(entry.action)}</bdi>
            <WriteState entry={entry} />
            {entry.state !== 'failed' && offersActions(entry) && <WriteActions entry={entry} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
