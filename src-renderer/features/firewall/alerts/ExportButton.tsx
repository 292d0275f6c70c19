import { useEffect, useState } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { ExportProgress } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import type { AlertsStore } from './alerts-store.ts';
import { fill } from '../../../ui/fill-template.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; taskId: string; progress: ExportProgress | null }
  | { kind: 'saved'; path: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: IpcError };

/** "Export CSV": the filtered, sorted alerts into a file main asks for, with its progress. */
export function ExportButton({ store }: { store: AlertsStore }) {
  const s = useCatalogSection('firewall').alerts.export;
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const runningId = state.kind === 'running' ? state.taskId : null;

  useEffect(() => {
    if (!runningId) return;
    return opsdesk.firewall.onExportProgress((progress) => {
      if (progress.taskId === runningId) setState((current) => (current.kind === 'running' ? { ...current, progress } : current));
    });
  }, [runningId]);

  const start = async () => {
    const { profileId, filter, sort } = store.getState();
    const taskId = crypto.randomUUID();
    setState({ kind: 'running', taskId, progress: null });
    const result = await opsdesk.firewall.exportAlerts({ profileId, taskId, filter, sort });
    if (!result.ok) setState({ kind: 'failed', error: result.error });
    else if (result.data.path === null) setState({ kind: 'cancelled' });
    else setState({ kind: 'saved', path: result.data.path, rows: result.data.rows });
  };

  return (
    <div className="fw-export" aria-live="polite">
      <button type="button" className="button" disabled={state.kind === 'running'} onClick={() => void start()}>
        {s.button}
      </button>
      {state.kind === 'running' && (
        <span className="fw-export-progress">
          {state.progress ? (
            <>
              <progress max={Math.max(state.progress.total, 1)} value={state.progress.written} aria-label={s.progressLabel} />{' '}
              {fill(s.progress, { written: state.progress.written.toLocaleString(), total: state.progress.total.toLocaleString() })}{' '}
              <button type="button" className="button" onClick={() => void opsdesk.app.cancel({ taskId: state.taskId })}>
                {s.stop}
              </button>
            </>
          ) : (
            s.choosing
          )}
        </span>
      )}
      {state.kind === 'saved' && (
        <span className="text-ok" role="status">
          {fill(s.saved, { rows: state.rows.toLocaleString() })} <bdi className="fw-path">{state.path}</bdi>
        </span>
      )}
      {state.kind === 'cancelled' && <span className="muted">{s.cancelled}</span>}
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={s.failed} />}
    </div>
  );
}
