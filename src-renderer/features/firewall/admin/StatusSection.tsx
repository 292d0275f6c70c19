import type { ReactNode } from 'react';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useFormat } from '../../../ui/format.ts';
import { useStatusHistory } from './admin-data.ts';
import { Trans, useTranslation } from 'react-i18next';
import { Time } from '../../../ui/Time.tsx';
import { UsageChart } from './UsageChart.tsx';

export function StatusSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: history, error } = useStatusHistory(profile.id);
  const status = history?.status ?? null;
  const percent = (value: number | undefined) => (value === undefined ? t('firewallAdmin.common.none') : `${Math.round(value)} %`);
  const uptime = (seconds: number | undefined) => {
    if (seconds === undefined) return t('firewallAdmin.common.none');
    return t('firewallAdmin.status.uptimeValue', { days: Math.floor(seconds / 86_400), hours: Math.floor((seconds % 86_400) / 3600), minutes: Math.floor((seconds % 3600) / 60) });
  };
  // The appliance's own words stay its own: isolated, and never read as numbers to group.
  const said = (value: string | undefined) => (value === undefined ? t('firewallAdmin.common.none') : <bdi>{visibleText(value)}</bdi>);
  const cards: [string, ReactNode][] = status
    ? [
        ['firewallAdmin.status.version', said(status.version)],
        ['firewallAdmin.status.edition', said(status.edition)],
        ['firewallAdmin.status.hostname', said(status.hostname)],
        ['firewallAdmin.status.model', said(status.model)],
        ['firewallAdmin.status.uptime', uptime(status.uptimeSeconds)],
        ['firewallAdmin.status.cpu', percent(status.cpuPercent)],
        ['firewallAdmin.status.memory', percent(status.memoryPercent)],
        ['firewallAdmin.status.sessions', status.activeSessions === undefined ? t('firewallAdmin.common.none') : format.number(status.activeSessions)],
      ]
    : [];

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.status.region')}>
      {error && <ErrorNotice read error={error} title={t('firewallAdmin.common.loadFailed')} />}
      {!status && !error && <p className="muted">{t('firewallAdmin.status.waiting')}</p>}
      {status && (
        <>
          <dl className="admin-cards">
            {cards.map(([label, value]) => (
              <div className="admin-card" key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {history?.readAt && (
            <p className="muted">
              <Trans i18nKey="firewallAdmin.status.readAt" components={{ time: <Time value={history.readAt} /> }} />
            </p>
          )}
        </>
      )}
      <div className="admin-chart">
        <h2>{t('firewallAdmin.status.chart')}</h2>
        <UsageChart samples={history?.samples ?? []} language={format.language} labels={{ time: t('firewallAdmin.status.chartTime'), cpu: t('firewallAdmin.status.chartCpu'), memory: t('firewallAdmin.status.chartMemory') }} />
      </div>
    </section>
  );
}
