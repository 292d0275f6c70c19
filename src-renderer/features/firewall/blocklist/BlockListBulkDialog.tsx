import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { DurationPicker, defaultBlockSeconds } from '../parts/DurationPicker.tsx';
import { bulkBlockCalls } from '../firewall-data.ts';
import { BulkProgress, useBulkRun } from '../bulk/BulkProgress.tsx';

export type BlockListAction = 'unblock' | 'extend';

/**
 * Unblock or Extend the checked blocks: first what it will do (for Extend, for how long from now;
 * a block still waiting in the outbox is left out of an Extend), then a result per address as the
 * writes go, each through the outbox within the key's call rate, and Retry for the failed ones.
 */
export function BlockListBulkDialog({ profileId, action, entries, onClose }: { profileId: string; action: BlockListAction; entries: readonly BlockEntry[]; onClose(): void }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [started, setStarted] = useState(false);
  const chosen = action === 'extend' ? entries.filter((entry) => !entry.pending) : entries;
  const leftOut = entries.length - chosen.length;
  const title = t(action === 'unblock' ? 'firewall.blocklist.bulk.unblockTitle' : 'firewall.blocklist.bulk.extendTitle', { count: chosen.length });
  const start = (event: FormEvent) => {
    event.preventDefault();
    setStarted(true);
  };
  return (
    <Dialog title={title} onClose={onClose} wide>
      {started ? (
        <BlockListRun profileId={profileId} action={action} entries={chosen} seconds={seconds} onClose={onClose} />
      ) : (
        <form className="fw-form" onSubmit={start} aria-label={title}>
          <p>{t(action === 'unblock' ? 'firewall.blocklist.bulk.unblockBody' : 'firewall.blocklist.bulk.extendBody')}</p>
          {leftOut > 0 && <p role="status">{t('firewall.blocklist.bulk.pendingLeftOut', { count: leftOut })}</p>}
          {action === 'extend' && (
            <div className="field">
              <span className="field-label">{t('firewall.block.extendFor')}</span>
              <DurationPicker seconds={seconds} onChange={setSeconds} label={t('firewall.block.extendFor')} />
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('firewall.bulk.cancel')}
            </button>
            <button type="submit" className={action === 'unblock' ? 'button-danger' : 'button-primary'} disabled={chosen.length === 0}>
              {t(action === 'unblock' ? 'firewall.blocklist.bulk.confirmUnblock' : 'firewall.blocklist.bulk.confirmExtend', { count: chosen.length })}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The releases or extensions as they go: started once, when the analyst confirmed. */
function BlockListRun({ profileId, action, entries, seconds, onClose }: { profileId: string; action: BlockListAction; entries: readonly BlockEntry[]; seconds: number; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  // An Extend blocks the address again for the new duration: the appliance renews its block.
  const act = action === 'unblock' ? calls.unblock : (entryId: string) => calls.block(byId.get(entryId)!.ip, seconds, byId.get(entryId)!.reason ?? '', { kind: 'kept' });
  const { run, retry } = useBulkRun(() => entries.map((entry) => ({ key: entry.id, ip: entry.ip })), act, calls.followWrites);
  const words =
    action === 'unblock'
      ? { progress: t('firewall.blocklist.bulk.unblockProgress'), tally: (counts: Record<string, number>) => t('firewall.blocklist.bulk.unblockTally', counts), done: t('firewall.blocklist.bulk.unblocked') }
      : { progress: t('firewall.blocklist.bulk.extendProgress'), tally: (counts: Record<string, number>) => t('firewall.blocklist.bulk.extendTally', counts), done: t('firewall.blocklist.bulk.extended') };
  return <BulkProgress run={run} retry={retry} words={words} onClose={onClose} />;
}
