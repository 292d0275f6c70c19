import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { localTime } from './format.ts';
import { useAdminStatusStore } from './status-store.ts';
import { useAdminAccess } from './use-admin-access.ts';
import { useAdminText } from './use-admin-text.ts';
import { UsageChart } from './UsageChart.tsx';

export function StatusSection({ profile }: { profile: ProfileView }) {
  const { t } = useAdminText();
  useAdminAccess(profile.id);
  const history = useAdminStatusStore((state) => state.histories[profile.id]);
  const error = useAdminStatusStore((state) => state.errors[profile.id]);
  const status = history?.status ?? null;
  const percent = (value: number | undefined) => (value === undefined ? t('common.none') : `${Math.round(value)} %`);
  const uptime = (seconds: number | undefined) => {
    if (seconds === undefined) return t('common.none');
    return t('status.uptimeValue', { days: Math.floor(seconds / 86_400), hours: Math.floor((seconds % 86_400) / 3600), minutes: Math.floor((seconds % 3600) / 60) });
  };
  const cards: [string, string][] = status
    ? [
        ['status.version', status.version ?? t('common.none')],
        ['status.edition', status.edition ?? t('common.none')],
        ['status.hostname', status.hostname ?? t('common.none')],
        ['status.model', status.model ?? t('common.none')],
        ['status.uptime', uptime(status.uptimeSeconds)],
        ['status.cpu', percent(status.cpuPercent)],
        ['status.memory', percent(status.memoryPercent)],
        ['status.sessions', status.activeSessions === undefined ? t('common.none') : status.activeSessions.toLocaleString()],
      ]
    : [];

  return (
    <section className="admin-section" aria-label={t('status.region')}>
      {error && <ErrorNotice error={error} title={t('common.loadFailed')} />}
      {!status && !error && <p className="muted">{t('status.waiting')}</p>}
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
          {history?.readAt && <p className="muted">{t('status.readAt', { time: localTime(history.readAt) })}</p>}
        </>
      )}
      <div className="admin-chart">
        <h2>{t('status.chart')}</h2>
        <UsageChart samples={history?.samples ?? []} labels={{ cpu: t('status.chartCpu'), memory: t('status.chartMemory') }} />
      </div>
    </section>
  );
}
