import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { relativeTime } from '../relative-time.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

/** How long a block still stands: "in 3 hours", "permanent" or "expired". */
export function Remaining({ entry, now }: { entry: BlockEntry; now: number }) {
  const s = useCatalogSection('firewall').blocklist;
  if (entry.expiresAt === null) return <span>{s.permanent}</span>;
  const expires = new Date(entry.expiresAt).getTime();
  if (expires <= now) return <span className="muted">{s.expired}</span>;
  return (
    <time dateTime={entry.expiresAt} title={new Date(expires).toLocaleString()}>
      {relativeTime(expires, now)}
    </time>
  );
}
