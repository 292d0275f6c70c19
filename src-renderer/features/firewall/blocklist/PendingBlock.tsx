import { useTranslation } from 'react-i18next';
import type { PendingBlockChange } from '../../../../src-shared/contract/firewall.ts';
import { offersActions, WriteActions, WriteState } from '../../outbox/index.ts';
import { useOutboxEntry } from '../../outbox/index.ts';

/**
 * A block, extension or release made here that the appliance has not taken yet, on its entry:
 * which change, where its write stands ("Unblock · Queued offline: … · will send when … answers",
 * "Failed: …") and, until it goes, Retry and Discard (discarding a waiting block is its undo).
 */
export function PendingBlock({ pending }: { pending: PendingBlockChange }) {
  const { t } = useTranslation();
  const entry = useOutboxEntry(pending.writeId);
  if (!entry || entry.state === 'sent' || entry.state === 'discarded') return null;
  return (
    <span className="fw-pending">
      <span className="fw-pending-change">{t(`firewall.blocklist.pendingChange.${pending.change}`)}</span>
      <WriteState entry={entry} />
      {entry.state !== 'failed' && offersActions(entry) && <WriteActions entry={entry} />}
    </span>
  );
}
