import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import type { DraftText } from '../../assistant/index.ts';

/** How a draft ended when it did not simply finish, said under what arrived; the text stays where it is. */
export function DraftNotice({ draft }: { draft: DraftText }) {
  const { t } = useTranslation();
  if (draft.state !== 'ended' || draft.outcome === 'finished') return null;
  if (draft.outcome === 'failed' && draft.error) {
    return <ErrorNotice error={draft.error} title={draft.text ? t('drafting.ended.failedPartWay') : t('drafting.ended.failed')} />;
  }
  const words = {
    stopped: t('drafting.ended.stopped'),
    length: t('drafting.ended.length'),
    no_finish_reason: t('drafting.ended.noFinishReason'),
    empty: t('drafting.ended.empty'),
    interrupted: t('drafting.ended.stopped'),
    failed: t('drafting.ended.failed'),
    streaming: '',
    finished: '',
  }[draft.outcome];
  return (
    <p className="notice notice-warning" role="note">
      {words}
    </p>
  );
}

/** A refusal before any text came (no model at work, a search the key may not make), with the way to Settings when that is where it is fixed. */
export function DraftRefused({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <div>
      <ErrorNotice error={error} />
      {error.code === 'invalid_settings' && (
        <button type="button" className="button" onClick={() => navigate({ kind: 'settings', params: { section: 'modelAtWork' } })}>
          {t('drafting.openSettings')}
        </button>
      )}
    </div>
  );
}

/** What a drafting button says when no model at work is set: where to set one. */
export function ModelAtWorkMissing() {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <p className="notice si-draft-setup" role="note">
      {t('drafting.setUp')}{' '}
      <button type="button" className="button" onClick={() => navigate({ kind: 'settings', params: { section: 'modelAtWork' } })}>
        {t('drafting.openSettings')}
      </button>
    </p>
  );
}
