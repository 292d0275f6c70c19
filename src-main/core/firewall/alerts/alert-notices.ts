// New alerts a sync found, worded and raised: one entry per severity at or above the user's
// threshold, a burst joined into one ("37 new high alerts"), opening the alert or the filtered list.
import { alertSeverities, isAlertSeverity } from '../../../../src-shared/firewall-constants.ts';
import type { NoticeContext } from '../../notifications/notices.ts';
import type { AlertService, NewAlerts } from './alert-service.ts';

const newestFirst = { field: 'occurredAt', direction: 'desc' } as const;

export function raiseAlertNotices({ profileId, bySeverity }: NewAlerts, alerts: Pick<AlertService, 'query'>, { notifications, translator: { t }, profileName }: NoticeContext): void {
  const threshold = notifications.settings().alertSeverity;
  if (threshold === 'off') return;
  const least = alertSeverities.indexOf(threshold);
  for (const { severity, count, newestId } of bySeverity) {
    if (severity === null || !isAlertSeverity(severity) || alertSeverities.indexOf(severity) < least) continue;
    const signature = alerts.query({ profileId, filter: { cells: [{ field: 'severity', value: severity, mode: 'in' }] }, sort: newestFirst, offset: 0, limit: 1 }).rows[0]?.signature ?? null;
    notifications.raise({
      kind: 'alerts',
      profileId,
      groupKey: `alerts:${profileId}:${severity}`,
      count,
      desktop: true,
      severity,
      describe: (total) => ({
        title: t('notify.alerts', { count: total, severity: t(`notify.severity.${severity}`, { defaultValue: severity }) }),
        body: t('notify.alertsBody', { count: total, profile: profileName(profileId), signature: signature ?? t('notify.noSignature') }),
        target: total === 1
          ? { kind: 'alert', params: { profileId, alertId: newestId } }
          : { kind: 'firewall', params: { profileId, section: 'alerts', severity } },
      }),
    });
  }
}
