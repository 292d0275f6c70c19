import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Time } from '../../../ui/Time.tsx';
import { useCloseOnOutsideClick } from '../../../ui/use-close-on-outside-click.ts';
import { firewallSyncCalls, useFirewallSyncStatus } from '../firewall-data.ts';
import { useNow } from '../use-now.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

const DAY_MS = 86_400_000;
/** The reaches offered, as far as the retention keeps alerts (which is offered too). */
const OFFERED_DAYS = [30, 90, 180, 365];

/**
 * How far back the alerts' cache goes (the first sync stores the last few days), and a way to
 * fetch older alerts: a walk further back by the background sync, with its progress, stoppable.
 */
export function CacheReachLine({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const status = useFirewallSyncStatus(profileId, 'alerts');
  const { fetchOlderAlerts, stopFetchingOlderAlerts } = firewallSyncCalls(profileId);
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>();
  useCloseOnOutsideClick(open, box, () => setOpen(false));
  const reach = status?.reach;
  if (!reach?.since) return null;

  if (reach.fetchingBackTo !== null) {
    return (
      <span className="fw-reach" role="status" aria-label={t('firewall.alerts.reach.label')}>
        <span>
          <Trans i18nKey="firewall.alerts.reach.fetching" components={{ time: <Time value={reach.fetchingBackTo} /> }} />
          {status?.state === 'syncing' && status.progress && <> {t('firewall.alerts.reach.read', { count: status.progress.fetched })}</>}
        </span>
        <button type="button" className="link-button" onClick={() => void stopFetchingOlderAlerts()}>
          {t('firewall.alerts.reach.stop')}
        </button>
      </span>
    );
  }

  const keptDays = Math.round((now - Date.parse(reach.keptFrom)) / DAY_MS);
  const reachedDays = (now - Date.parse(reach.since)) / DAY_MS;
  const offers = reach.whole ? [] : [...new Set([...OFFERED_DAYS.filter((days) => days < keptDays), keptDays])].filter((days) => days > reachedDays + 1);
  return (
    <span className="fw-reach" role="status" aria-label={t('firewall.alerts.reach.label')}>
      <span>{reach.whole ? t('firewall.alerts.reach.whole') : <Trans i18nKey="firewall.alerts.reach.since" components={{ time: <Time value={reach.since} /> }} />}</span>
      {offers.length > 0 && (
        <span className="fw-reach-menu" ref={box} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <button ref={anchor} type="button" className="link-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('firewall.alerts.reach.fetchOlder')} ▾
          </button>
          {open && (
            <span ref={popover} className="fw-reach-panel" role="menu" aria-label={t('firewall.alerts.reach.fetchOlder')}>
              {offers.map((days) => (
                <button
                  key={days}
                  type="button"
                  role="menuitem"
                  className="fw-saved-apply"
                  onClick={() => {
                    setOpen(false);
                    void fetchOlderAlerts(days);
                  }}
                >
                  {t(days === keptDays ? 'firewall.alerts.reach.allKept' : 'firewall.alerts.reach.lastDays', { count: days })}
                </button>
              ))}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
