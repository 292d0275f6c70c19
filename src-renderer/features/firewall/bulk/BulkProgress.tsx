import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { BulkResultList } from './BulkResultList.tsx';
import { BulkRun, type BulkAct } from './bulk-run.ts';

/**
 * One bulk change's run while its dialog is open: started once over the items it was opened on,
 * following the outbox (a queued result turns blocked or failed when its write goes), stopped
 * when the dialog closes; its queued writes then stay in the outbox panel.
 */
export function useBulkRun(items: () => readonly { key: string; ip: string }[], act: BulkAct, followWrites: (listener: (entry: OutboxEntry) => void) => () => void) {
  const [run] = useState(() => new BulkRun(items()));
  const stop = useRef<AbortController | null>(null);
  const latestAct = useRef(act);
  useEffect(() => {
    latestAct.current = act;
  });
  useEffect(() => {
    const controller = new AbortController();
    stop.current = controller;
    const unfollow = followWrites((entry) => run.writeChanged(entry));
    void run.run((key) => latestAct.current(key), controller.signal);
    return () => {
      unfollow();
      controller.abort();
      run.stop();
    };
    // One run per dialog, over what it was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { run, retry: () => run.run((key) => latestAct.current(key), stop.current?.signal) };
}

interface Words {
  /** The progress bar's name. */
  progress: string;
  /** The tally, from the counts. */
  tally(counts: { done: number; queued: number; failed: number; waiting: number }): string;
  /** What a result made at once reads. */
  done: string;
}

/** The progress, the tally and a result per item of a bulk change; Retry for the failed ones. */
export function BulkProgress({ run, retry, words, onClose }: { run: BulkRun; retry(): Promise<void>; words: Words; onClose(): void }) {
  const { t } = useTranslation();
  useSyncExternalStore(run.subscribe, run.getVersion);
  const [running, setRunning] = useState(false);
  const counts = run.tally();
  const retryFailed = async () => {
    setRunning(true);
    await retry();
    setRunning(false);
  };
  return (
    <div className="fw-bulk-results">
      <progress aria-label={words.progress} max={run.results.length} value={run.results.length - counts.waiting} />
      <p role="status">{words.tally(counts)}</p>
      <BulkResultList run={run} doneWords={words.done} />
      <div className="dialog-actions">
        {counts.failed > 0 && !running && counts.waiting === 0 && (
          <button type="button" className="button" onClick={() => void retryFailed()}>
            {t('firewall.bulk.retryFailed', { count: counts.failed })}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t('firewall.bulk.close')}
        </button>
      </div>
    </div>
  );
}
