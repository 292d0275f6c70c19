import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { fill } from '../../ui/fill-template.ts';
import { AlertDetailPane } from './alerts/AlertDetailPane.tsx';
import { alertStrings } from './alerts/strings.ts';
import './firewall.css';

export const alertTitle = (params: TabParams): string =>
  params.alertId === undefined ? alertStrings.detail.tabTitle : fill(alertStrings.detail.title, { id: params.alertId });

/** One alert in its own tab, opened by `navigate('alert', { profileId, alertId })` from a list or a notification. */
export function AlertView({ params }: { params: TabParams }) {
  const profileId = typeof params.profileId === 'string' ? params.profileId : '';
  const alertId = params.alertId === undefined ? '' : String(params.alertId);
  return (
    <ServiceConnection
      service="firewall"
      title={alertTitle(params)}
      profileId={profileId}
      needs={alertStrings.detail.removed}
    >
      {() => <AlertDetailPane profileId={profileId} alertId={alertId} />}
    </ServiceConnection>
  );
}
