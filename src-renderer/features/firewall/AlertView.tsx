import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export const alertTitle = (params: TabParams): string => `Alert ${params.alertId ?? ''}`.trim();

/** One alert, opened by `navigate('alert', { profileId, alertId })` (from a notification, later a list). */
export function AlertView({ params }: { params: TabParams }) {
  const title = alertTitle(params);
  return (
    <ServiceConnection
      service="firewall"
      title={title}
      profileId={typeof params.profileId === 'string' ? params.profileId : ''}
      needs="The firewall connection this alert came from was removed. Add the appliance again in Settings to see the alert."
    >
      {() => (
        <NothingCached
          title="Alert details"
          explanation="OpsDesk does not keep firewall alerts yet; once it does, this alert's details show here even while the appliance is offline."
        />
      )}
    </ServiceConnection>
  );
}
