import { useTranslation } from 'react-i18next';
import { useCallback, useState } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { ExportProgress } from '../../../../src-shared/contract/firewall.ts';
import { useExportProgress, useFirewallWrites } from '../firewall-data.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import type { AlertsStore } from './alerts-store.ts';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; taskId: string; progress: ExportProgress | null }
  | { kind: 'saved'; path: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: IpcError };

/** "Export CSV": the filtered, sorted alerts into a file main asks for, with its progress. */
export function ExportButton({ store }: { store: AlertsStore }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const runningId = state.kind === 'running' ? state.taskId : null;

  const writes = useFirewallWrites(store.getState().profileId);
  useExportProgress(
    runningId,
    useCallback((progress: ExportProgress) => setState((current) => (current.kind === 'running' ? { ...current, progress } : current)), []),
  );

  const start = async () => {
    const { filter, sort } = store.getState().query;
    const taskId = crypto.randomUUID();
    setState({ kind: 'running', taskId, progress: null });
    const result = await writes.exportAlerts(taskId, filter, sort);
    if (!result.ok) setState({ kind: 'failed', error: result.error });
    else if (result.data.path === null) setState({ kind: 'cancelled' });
    else setState({ kind: 'saved', path: result.data.path, rows: result.data.rows });
  };

  return (
    <div className="fw-export" aria-live="polite">
      <button type="button" className="button" disabled={state.kind === 'running'} onClick={() => void start()}>
        {t('firewall.alerts.export.button')}
      </button>
      {state.kind === 'running' && (
        <span className="fw-export-progress">
          {state.progress ? (
            <>
              <progress max={Math.max(state.progress.total, 1)} value={state.progress.written} aria-label={t('firewall.alerts.export.progressLabel')} />{' '}
              {t('firewall.alerts.export.progress', { written: state.progress.written, total: state.progress.total })}{' '}
              <button type="button" className="button" onClick={() => void writes.cancelExport(state.taskId)}>
                {t('firewall.alerts.export.stop')}
              </button>
            </>
          ) : (
            t('firewall.alerts.export.choosing')
          )}
        </span>
      )}
      {state.kind === 'saved' && (
        <span className="text-ok" role="status">
          {t('firewall.alerts.export.saved', { rows: state.rows })} <bdi className="fw-path">{state.path}</bdi>
        </span>
      )}
      {state.kind === 'cancelled' && <span className="muted">{t('firewall.alerts.export.cancelled')}</span>}
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={t('firewall.alerts.export.failed')} />}
    </div>
  );
}
