import { useTranslation } from 'react-i18next';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../connections/index.ts';
import { AlertDetailPane } from './alerts/AlertDetailPane.tsx';
import { OperateNotice } from './OperateNotice.tsx';
import './firewall.css';
import { alertTitle } from '../../navigation/tab-titles.ts';

/** One alert in its own tab, opened by `navigate({ kind: 'alert', params: { profileId, alertId } })` from a list or a notification. */
export function AlertView({ params }: { params: ViewParams<'alert'> }) {
  const { t } = useTranslation();
  const { profileId, alertId } = params;
  return (
    <ServiceConnection
      service="firewall"
      title={alertTitle(params, t)}
      profileId={profileId}
      needs={t('firewall.alerts.detail.removed')}
    >
      {() => (
        <>
          <OperateNotice profileId={profileId} />
          <AlertDetailPane profileId={profileId} alertId={alertId} />
        </>
      )}
    </ServiceConnection>
  );
}
