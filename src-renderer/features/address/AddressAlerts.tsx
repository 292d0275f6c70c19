import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AddressAlerts as Alerts } from '../../../src-shared/contract/address.ts';
import { useProfiles } from '../connections/index.ts';
import { AddressText } from '../../ui/AddressText.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { formatUtcDay, useFormat } from '../../ui/format.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { SeverityBadge } from '../firewall/index.ts';
import { useAddressAlerts } from '../firewall/index.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { cellText } from '../firewall/index.ts';

/** The days the chart shows, ending on the address's newest day with an alert. */
const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

/** The address's cached alerts on every appliance: how many, how severe, on which days, the newest first. */
export function AddressAlerts({ address }: { address: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const card = useAddressAlerts(address);
  if (card.isPending) return <p className="muted">{t('address.alerts.reading')}</p>;
  if (card.isError) return <ErrorNotice error={card.error} title={t('address.alerts.readFailed')} />;
  const { alerts } = card.data;
  return (
    <>
      <section className="card address-section" aria-label={t('address.alerts.title')}>
        <h3>{t('address.alerts.title')}</h3>
        <p role="status" className="address-counts">
          {t('address.alerts.total', { count: alerts.total })} · {t('address.alerts.asSource', { count: alerts.asSource })} · {t('address.alerts.asDestination', { count: alerts.asDestination })}
        </p>
        {alerts.bySeverity.length > 0 && (
          <ul className="address-severities" aria-label={t('address.alerts.bySeverity')}>
            {alerts.bySeverity.map(({ severity, alerts: count }) => (
              <li key={severity ?? ''}>
                <SeverityBadge severity={severity} /> <span>{format.number(count)}</span>
              </li>
            ))}
          </ul>
        )}
        {alerts.byDay.length > 0 && <AlertDays byDay={alerts.byDay} />}
      </section>
      <NewestAlerts alerts={alerts} />
    </>
  );
}

function AlertDays({ byDay }: { byDay: Alerts['byDay'] }) {
  const { t, i18n } = useTranslation();
  const counts = new Map(byDay.map(({ day, alerts }) => [day, alerts]));
  const last = Date.parse(byDay.at(-1)!.day);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => {
    const at = last - (CHART_DAYS - 1 - i) * DAY_MS;
    return { label: formatUtcDay(at, i18n.language), count: counts.get(new Date(at).toISOString().slice(0, 10)) ?? 0 };
  });
  const title = t('address.alerts.byDay', { days: CHART_DAYS });
  return (
    <figure className="address-chart">
      <figcaption className="muted">{title}</figcaption>
      <div role="img" aria-label={title}>
        <ResponsiveContainer width="100%" height={140}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" tickLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} width={32} />
            <Tooltip cursor={{ className: 'address-chart-cursor' }} />
            <Bar dataKey="count" name={t('address.alerts.perDay')} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function NewestAlerts({ alerts }: { alerts: Alerts }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const profiles = useProfiles();
  const nameOf = (profileId: string) => profiles.find((profile) => profile.id === profileId)?.name ?? profileId;
  return (
    <section className="card address-section" aria-label={t('address.alerts.newest')}>
      <h3>{t('address.alerts.newest')}</h3>
      {alerts.newest.length === 0 ? (
        <p className="muted">{t('address.alerts.none')}</p>
      ) : (
        <table className="fw-table address-alerts" aria-label={t('address.alerts.newest')}>
          <thead>
            <tr>
              <th scope="col">{t('firewall.alerts.fields.occurredAt')}</th>
              <th scope="col">{t('address.alerts.role')}</th>
              <th scope="col">{t('firewall.alerts.fields.severity')}</th>
              <th scope="col">{t('firewall.alerts.fields.signature')}</th>
              <th scope="col">{t('address.alerts.flow')}</th>
              <th scope="col">{t('address.alerts.appliance')}</th>
            </tr>
          </thead>
          <tbody>
            {alerts.newest.map((alert) => (
              <tr key={`${alert.profileId}/${alert.id}/${alert.role}`} aria-label={t('address.alerts.row', { id: alert.id })}>
                <td>
                  <button type="button" className="link-button" onClick={() => navigate({ kind: 'alert', params: { profileId: alert.profileId, alertId: alert.id } })}>
                    {alert.occurredAt ? <Time value={alert.occurredAt} /> : visibleText(alert.id)}
                  </button>
                </td>
                <td>{t(`address.alerts.roles.${alert.role}`)}</td>
                <td>
                  <SeverityBadge severity={alert.severity} />
                </td>
                <td className="fw-wrap">
                  <bdi>{cellText(alert.signature ?? '', 120)}</bdi>
                </td>
                <td>
                  <bdi>
                    <AddressText text={alert.srcIp ?? ''} show={(piece) => cellText(piece, 64)} />
                  </bdi>
                  {' → '}
                  <bdi>
                    <AddressText text={alert.dstIp ?? ''} show={(piece) => cellText(piece, 64)} />
                  </bdi>
                </td>
                <td>
                  <bdi>{nameOf(alert.profileId)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
