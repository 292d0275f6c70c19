// The text of one work item made from many alerts: what the analyst sees first, and may change,
// before it is created. A line per alert, the first of them; the item links every alert anyway.
import type { TFunction } from 'i18next';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** The lines listed; the rest are counted (the item's description takes 10,000 characters). */
export const LISTED_ALERTS = 60;
const DESCRIPTION_MAX = 10_000;

const withPort = (ip: string | null, port: number | null) => (ip === null ? '?' : port === null ? ip : `${ip}:${port}`);

/** Title and description of a work item about `count` alerts of one appliance, listing `rows` (in the table's order). */
export function alertsWorkItemText(t: TFunction, rows: readonly AlertRow[], count: number, appliance: string): { title: string; description: string } {
  const listed = rows.slice(0, LISTED_ALERTS).map((row) =>
    visibleText(
      [
        row.occurredAt ?? '',
        row.severity ?? '',
        `${withPort(row.srcIp, row.srcPort)} → ${withPort(row.dstIp, row.dstPort)}`,
        row.signature ?? row.category ?? '',
        t('firewall.selection.work.alert', { id: row.id }),
      ]
        .filter((part) => part !== '')
        .join(' · '),
    ),
  );
  const rest = count - listed.length;
  const description = [t('firewall.selection.work.intro', { count, appliance }), '', ...listed, ...(rest > 0 ? [t('firewall.selection.work.more', { count: rest })] : [])].join('\n');
  return { title: t('firewall.selection.work.title', { count, appliance }), description: description.slice(0, DESCRIPTION_MAX) };
}
