import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Time } from '../../../ui/Time.tsx';
import type { AlertsStore } from './alerts-store.ts';
import { useKeptAlertView, useSavedAlertFilters } from './alerts-data.ts';
import { useCloseOnOutsideClick } from '../../../ui/use-close-on-outside-click.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

/** The alerts section's menu of named filters: apply one, save the current one under a name, delete one, or show what is new since the last look. */
export function SavedFilters({ profileId, store }: { profileId: string; store: AlertsStore }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>();
  const filter = useStore(store, (state) => state.query.filter);
  const kept = useKeptAlertView(profileId).data;
  const { save, remove } = useSavedAlertFilters(profileId);
  const { applyFilter } = store.getState();

  useCloseOnOutsideClick(open, box, () => setOpen(false));

  const apply = (chosen: Parameters<typeof applyFilter>[0]) => {
    applyFilter(chosen);
    setOpen(false);
  };
  const lookedAt = kept?.lastLookedAt ?? null;
  const canSave = name.trim() !== '' && Object.keys(filter).length > 0;

  return (
    <div className="fw-saved-filters" ref={box} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button ref={anchor} type="button" className="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('firewall.alerts.saved.menu')} ▾
      </button>
      {open && (
        <div ref={popover} className="fw-saved-panel" role="dialog" aria-label={t('firewall.alerts.saved.menu')}>
          <button type="button" className="fw-saved-apply" disabled={lookedAt === null} onClick={() => lookedAt && apply({ since: lookedAt })}>
            {lookedAt === null ? t('firewall.alerts.saved.newSinceNever') : <Trans i18nKey="firewall.alerts.saved.newSince" components={{ time: <Time value={lookedAt} /> }} />}
          </button>
          {(kept?.saved ?? []).length === 0 ? (
            <p className="muted">{t('firewall.alerts.saved.none')}</p>
          ) : (
            <ul>
              {kept!.saved.map((saved) => (
                <li key={saved.name}>
                  <button type="button" className="fw-saved-apply" onClick={() => apply(saved.filter)}>
                    <bdi>{saved.name}</bdi>
                  </button>
                  <button type="button" className="chip-remove" aria-label={t('firewall.alerts.saved.remove', { name: saved.name })} onClick={() => void remove(saved.name)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="fw-saved-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!canSave) return;
              void save(name.trim(), filter);
              setName('');
            }}
          >
            <input aria-label={t('firewall.alerts.saved.name')} placeholder={t('firewall.alerts.saved.name')} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
            <button type="submit" className="button" disabled={!canSave} title={Object.keys(filter).length === 0 ? t('firewall.alerts.saved.nothingToSave') : undefined}>
              {t('firewall.alerts.saved.save')}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
