import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import type { BulkResult, BulkRun } from './bulk-run.ts';

const ROW_HEIGHT = 24;

/**
 * A result per address, of any length: only the rows on screen exist, and a frame's changes
 * re-render only those whose result changed (`done` words a block or a release, as the run is).
 */
export function BulkResultList({ run, doneWords }: { run: BulkRun; doneWords: string }) {
  const { t } = useTranslation();
  useSyncExternalStore(run.subscribe, run.getVersion);
  const scroller = useRef<HTMLUListElement>(null);
  // The virtualizer is read afresh on every render by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: run.results.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  return (
    <ul ref={scroller} className="fw-bulk-list" aria-label={t('firewall.bulk.results')} style={{ '--bulk-rows': run.results.length } as CSSProperties}>
      <li aria-hidden="true" className="fw-bulk-list-height" style={{ height: virtualizer.getTotalSize() }} />
      {virtualizer.getVirtualItems().map((item) => (
        <BulkRow key={item.index} result={run.results[item.index]!} doneWords={doneWords} top={item.start} />
      ))}
    </ul>
  );
}

const BulkRow = memo(function BulkRow({ result, doneWords, top }: { result: BulkResult; doneWords: string; top: number }) {
  const { t } = useTranslation();
  return (
    <li data-bulk-state={result.state} style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}>
      <bdi>{result.ip}</bdi> ·{' '}
      {result.error ? <FailedWords error={result.error} /> : result.state === 'done' ? doneWords : t(`firewall.bulk.state.${result.state === 'failed' ? 'givenUp' : result.state}`)}
    </li>
  );
});

function FailedWords({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  return <>{t('firewall.bulk.state.failed', { reason: useErrorText(error).message })}</>;
}
