import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function FirewallView() {
  return (
    <ServiceConnection
      service="firewall"
      title="Firewall"
      needs="Add a firewall appliance connection (address, API key and its certificate) in Settings."
    >
      {() => (
        <NothingCached
          title="Alerts and block list"
          explanation="OpsDesk does not keep the appliance's alerts or block list yet; once it does, they show here even while the appliance is offline."
        />
      )}
    </ServiceConnection>
  );
}
