import { useTranslation } from 'react-i18next';
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import { Time } from '../../../ui/Time.tsx';
import { useDurationText } from './DurationPicker.tsx';

/** How long a block still stands: "in 3 hours", "permanent" or "expired"; a block not sent yet, how long it will ("1 hour once sent"). */
export function Remaining({ entry, now }: { entry: BlockEntry; now: number }) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  if (entry.pending?.change === 'block') {
    const lasting = entry.durationSeconds ? durationText(entry.durationSeconds) : t('firewall.blocklist.permanent');
    return <span className="muted">{t('firewall.blocklist.onceSent', { lasting })}</span>;
  }
  if (entry.expiresAt === null) return <span>{t('firewall.blocklist.permanent')}</span>;
  const expires = new Date(entry.expiresAt).getTime();
  if (expires <= now) return <span className="muted">{t('firewall.blocklist.expired')}</span>;
  return <Time value={entry.expiresAt} relativeTo={now} />;
}
