import type { TFunction } from 'i18next';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import { alertSeverities } from '../../../../src-shared/firewall-constants.ts';
import type { Column } from '../table/VirtualTable.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { cellText } from '../table/visible-text.ts';
import { badgeOf, severityWords } from '../parts/SeverityBadge.tsx';
import { Time } from '../../../ui/Time.tsx';
import { alertCodeWords } from '../parts/alert-code-words.ts';

const shown = (value: string | number | null) => (value === null ? '' : String(value));

const address = (ip: string | null, port: number | null) => (ip === null ? '' : port === null ? ip : `${ip}:${port}`);

/**
 * The alerts table's columns, titled and formatted in the window's language. A cell translates
 * nothing itself: a screenful of rows asking i18next for the same few words took milliseconds of
 * every filter's answer (P3). The known severities' words are read once per language here.
 */
export function alertColumns(t: TFunction): readonly Column<AlertRow>[] {
  const known = new Map<string, string>(alertSeverities.map((severity) => [severity, severityWords(severity, t)]));
  const severityName = (severity: string) => known.get(severity) ?? severityWords(severity, t);
  const blockedTitle = t('firewall.alerts.blockedTitle');
  const blockedBadge = t('firewall.alerts.blockedBadge');
  const words = alertCodeWords(t);
  const category = (row: AlertRow) => (row.category === null ? '' : words.category(row.category));
  const action = (row: AlertRow) => (row.action === null ? '' : words.action(row.action));
  return [
    {
      id: 'severity',
      title: t('firewall.alerts.fields.severity'),
      width: 88,
      sortable: true,
      cell: (row) => badgeOf(row.severity, severityName),
      text: (row) => shown(row.severity),
      filterValue: (row) => row.severity ?? undefined,
      filterWords: severityName,
    },
    {
      id: 'occurredAt',
      title: t('firewall.alerts.fields.occurredAt'),
      // This year's alerts without the year: the time is read at a glance, the whole date is on hover.
      width: 136,
      sortable: true,
      cell: (row) => <Time value={row.occurredAt} withoutThisYear />,
      text: (row) => shown(row.occurredAt),
    },
    {
      id: 'srcIp',
      title: t('firewall.alerts.fields.srcIp'),
      // An IPv4 address, and the "blocked" badge when there is room; the row's red edge says it when not.
      width: 150,
      sortable: true,
      className: 'vt-address',
      cell: (row) => (
        <>
          <bdi>{cellText(row.srcIp ?? '', 64)}</bdi>
          {row.sourceBlocked && (
            <span className="badge badge-blocked" title={blockedTitle}>
              {blockedBadge}
            </span>
          )}
        </>
      ),
      text: (row) => visibleText(shown(row.srcIp)),
      filterValue: (row) => row.srcIp ?? undefined,
    },
    {
      id: 'dstIp',
      title: t('firewall.alerts.fields.dstIp'),
      width: 150,
      sortable: true,
      cell: (row) => <bdi>{cellText(address(row.dstIp, row.dstPort), 80)}</bdi>,
      text: (row) => visibleText(address(row.dstIp, row.dstPort)),
      filterValue: (row) => row.dstIp ?? undefined,
    },
    {
      id: 'category',
      title: t('firewall.alerts.fields.category'),
      width: 144,
      sortable: true,
      cell: (row) => <bdi>{cellText(category(row), 60)}</bdi>,
      text: (row) => visibleText(category(row)),
      filterValue: (row) => row.category ?? undefined,
      filterWords: words.category,
    },
    {
      id: 'action',
      title: t('firewall.alerts.fields.action'),
      width: 84,
      sortable: true,
      cell: (row) => <bdi>{cellText(action(row), 30)}</bdi>,
      text: (row) => visibleText(action(row)),
      filterValue: (row) => row.action ?? undefined,
      filterWords: words.action,
    },
    {
      id: 'signature',
      title: t('firewall.alerts.fields.signature'),
      // The column analysts read: it takes the room the others leave.
      width: 260,
      minWidth: 120,
      grow: true,
      sortable: true,
      cell: (row) => <bdi>{cellText(shown(row.signature))}</bdi>,
      text: (row) => visibleText(shown(row.signature)),
      filterValue: (row) => row.signature ?? undefined,
    },
  ];
}
