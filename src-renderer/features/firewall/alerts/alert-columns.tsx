import type { AlertField, AlertRow } from '../../../../src-preload/contract/firewall.ts';
import type { Column } from '../table/VirtualTable.tsx';
import { cellText } from '../table/visible-text.ts';
import { alertStrings } from './strings.ts';

export const alertFieldTitles: Record<AlertField, string> = alertStrings.fields;

const text = (value: string | number | null) => (value === null ? '' : String(value));

export function SeverityBadge({ severity }: { severity: string | null }) {
  if (severity === null) return <span className="muted">—</span>;
  return <span className={`severity severity-${/^(low|medium|high|critical)$/.test(severity) ? severity : 'other'}`}>{cellText(severity, 20)}</span>;
}

export const formatAlertTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }) : '';

const address = (ip: string | null, port: number | null) => (ip === null ? '' : port === null ? ip : `${ip}:${port}`);

export const alertColumns: readonly Column<AlertRow>[] = [
  { id: 'severity', title: alertFieldTitles.severity, width: '92px', sortable: true, cell: (row) => <SeverityBadge severity={row.severity} />, filterValue: (row) => row.severity ?? undefined },
  { id: 'occurredAt', title: alertFieldTitles.occurredAt, width: '172px', sortable: true, cell: (row) => (row.occurredAt ? <time dateTime={row.occurredAt}>{formatAlertTime(row.occurredAt)}</time> : null) },
  {
    id: 'srcIp',
    title: alertFieldTitles.srcIp,
    width: 'minmax(170px, 1fr)',
    sortable: true,
    cell: (row) => (
      <>
        <bdi>{cellText(row.srcIp ?? '', 64)}</bdi>
        {row.sourceBlocked && <span className="badge badge-blocked" title={alertStrings.blockedTitle}>{alertStrings.blockedBadge}</span>}
      </>
    ),
    filterValue: (row) => row.srcIp ?? undefined,
  },
  { id: 'dstIp', title: alertFieldTitles.dstIp, width: 'minmax(150px, 1fr)', sortable: true, cell: (row) => <bdi>{cellText(address(row.dstIp, row.dstPort), 80)}</bdi>, filterValue: (row) => row.dstIp ?? undefined },
  { id: 'category', title: alertFieldTitles.category, width: '140px', sortable: true, cell: (row) => <bdi>{cellText(text(row.category), 60)}</bdi>, filterValue: (row) => row.category ?? undefined },
  { id: 'action', title: alertFieldTitles.action, width: '96px', sortable: true, cell: (row) => <bdi>{cellText(text(row.action), 30)}</bdi>, filterValue: (row) => row.action ?? undefined },
  { id: 'signature', title: alertFieldTitles.signature, width: 'minmax(220px, 3fr)', sortable: true, cell: (row) => <bdi>{cellText(text(row.signature))}</bdi>, filterValue: (row) => row.signature ?? undefined },
];
