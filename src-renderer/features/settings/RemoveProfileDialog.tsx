import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionCache, ProfileView } from '../../../src-shared/contract/profiles.ts';
import { useRemoveProfile } from '../connections/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useConnectionCache } from './use-local-data.ts';
import './local-data.css';

/**
 * Removing a connection: its key goes, and (ticked, as it starts) its cached rows, which the tick
 * counts; unticked they stay. The activity log and cases keep what they say of it either way.
 */
export function RemoveProfileDialog({ profile, onClose }: { profile: ProfileView; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useRemoveProfile();
  const cached = useConnectionCache(profile.id);
  const [forget, setForget] = useState(true);
  const nothingCached = cached.data?.counts.length === 0;

  const onRemove = () => remove.mutate({ id: profile.id, forgetCache: forget && !nothingCached }, { onSuccess: onClose });

  return (
    <Dialog title={t('settings.remove.title', { name: profile.name })} onClose={onClose}>
      <p>{t('settings.remove.intro')}</p>
      {cached.isPending && <p className="muted" role="status">{t('settings.remove.counting')}</p>}
      {nothingCached && <p className="muted">{t('settings.remove.nothingCached')}</p>}
      {!cached.isPending && !nothingCached && (
        <div className="remove-forget">
          <label className="check-row">
            <input type="checkbox" checked={forget} onChange={(event) => setForget(event.target.checked)} />
            <span>{cached.data ? t('settings.remove.forget', { what: cachedWords(cached.data, t) }) : t('settings.remove.forgetUncounted')}</span>
          </label>
          <p className="field-help">{forget ? t('settings.remove.forgetHelp') : t('settings.remove.keepHelp')}</p>
        </div>
      )}
      {remove.error && <ErrorNotice error={remove.error} title={t('settings.row.notDeleted')} />}
      <footer className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('settings.remove.cancel')}
        </button>
        <button type="button" className="button-danger" data-autofocus disabled={remove.isPending || cached.isPending} onClick={onRemove}>
          {remove.isPending ? t('settings.remove.removing') : t('settings.remove.remove')}
        </button>
      </footer>
    </Dialog>
  );
}

function cachedWords(cache: ConnectionCache, t: ReturnType<typeof useTranslation>['t']): string {
  return cache.counts.map(({ kind, rows }) => t(`settings.remove.kinds.${kind}`, { count: rows })).join(t('settings.remove.separator'));
}
