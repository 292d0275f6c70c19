import { useTranslation } from 'react-i18next';
import type { AlertRow } from '../../../../src-preload/contract/firewall.ts';
import type { Column } from '../table/VirtualTable.tsx';
import { cellText } from '../table/visible-text.ts';
import type { Catalog } from '../../../../src-shared/i18n/en.ts';

export type AlertsText = Catalog['firewall']['alerts'];

const shown = (value: string | number | null) => (value === null ? '' : String(value));

export function SeverityBadge({ severity }: { severity: string | null }) {
  const { t } = useTranslation();
  if (severity === null) return <span className="muted">—</span>;
  // A numeric severity whose order the appliance does not say is shown as its level, never as a guessed name.
  const level = /^level (\d+)$/.exec(severity)?.[1];
  const shownSeverity = level !== undefined ? t('firewall.alerts.filters.level', { level }) : severity;
  return <span className={`severity severity-${/^(low|medium|high|critical)$/.test(severity) ? severity : 'other'}`}>{cellText(shownSeverity, 20)}</span>;
}

// One formatter for every cell: toLocaleString builds a new one per call.
const alertTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
export const formatAlertTime = (iso: string | null): string => (iso ? alertTimeFormat.format(new Date(iso)) : '');

const address = (ip: string | null, port: number | null) => (ip === null ? '' : port === null ? ip : `${ip}:${port}`);

/** The alerts table's columns, titled in the window's language. */
export const alertColumns = (text: AlertsText): readonly Column<AlertRow>[] => [
  { id: 'severity', title: text.fields.severity, width: '92px', sortable: true, cell: (row) => <SeverityBadge severity={row.severity} />, filterValue: (row) => row.severity ?? undefined },
  { id: 'occurredAt', title: text.fields.occurredAt, width: '172px', sortable: true, cell: (row) => (row.occurredAt ? <time dateTime={row.occurredAt}>{formatAlertTime(row.occurredAt)}</time> : null) },
  {
    id: 'srcIp',
    title: text.fields.srcIp,
    width: 'minmax(170px, 1fr)',
    sortable: true,
    cell: (row) => (
      <>
        <bdi>{cellText(row.srcIp ?? '', 64)}</bdi>
        {row.sourceBlocked && <span className="badge badge-blocked" title={text.blockedTitle}>{text.blockedBadge}</span>}
      </>
    ),
    filterValue: (row) => row.srcIp ?? undefined,
  },
  { id: 'dstIp', title: text.fields.dstIp, width: 'minmax(150px, 1fr)', sortable: true, cell: (row) => <bdi>{cellText(address(row.dstIp, row.dstPort), 80)}</bdi>, filterValue: (row) => row.dstIp ?? undefined },
  { id: 'category', title: text.fields.category, width: '140px', sortable: true, cell: (row) => <bdi>{cellText(shown(row.category), 60)}</bdi>, filterValue: (row) => row.category ?? undefined },
  { id: 'action', title: text.fields.action, width: '96px', sortable: true, cell: (row) => <bdi>{cellText(shown(row.action), 30)}</bdi>, filterValue: (row) => row.action ?? undefined },
  { id: 'signature', title: text.fields.signature, width: 'minmax(220px, 3fr)', sortable: true, cell: (row) => <bdi>{cellText(shown(row.signature))}</bdi>, filterValue: (row) => row.signature ?? undefined },
];
