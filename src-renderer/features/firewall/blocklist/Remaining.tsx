import { useTranslation } from 'react-i18next';
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { useFormat } from '../../../ui/format.ts';

/** How long a block still stands: "in 3 hours", "permanent" or "expired". */
export function Remaining({ entry, now }: { entry: BlockEntry; now: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (entry.expiresAt === null) return <span>{t('firewall.blocklist.permanent')}</span>;
  const expires = new Date(entry.expiresAt).getTime();
  if (expires <= now) return <span className="muted">{t('firewall.blocklist.expired')}</span>;
  return (
    <time dateTime={entry.expiresAt} title={format.dateTime(entry.expiresAt)}>
      {format.relative(expires, now)}
    </time>
  );
}
