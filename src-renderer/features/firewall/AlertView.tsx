import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { AlertDetailPane } from './alerts/AlertDetailPane.tsx';
import './firewall.css';

export const alertTitle = (params: TabParams): string => `Alert ${params.alertId ?? ''}`.trim();

/** One alert in its own tab, opened by `navigate('alert', { profileId, alertId })` from a list or a notification. */
export function AlertView({ params }: { params: TabParams }) {
  const profileId = typeof params.profileId === 'string' ? params.profileId : '';
  const alertId = params.alertId === undefined ? '' : String(params.alertId);
  return (
    <ServiceConnection
      service="firewall"
      title={alertTitle(params)}
      profileId={profileId}
      needs="The firewall connection this alert came from was removed. Add the appliance again in Settings to see the alert."
    >
      {() => <AlertDetailPane profileId={profileId} alertId={alertId} />}
    </ServiceConnection>
  );
}
