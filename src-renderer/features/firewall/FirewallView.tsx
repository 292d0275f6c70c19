import { ServiceConnection } from '../../connections/ServiceConnection.tsx';

export function FirewallView() {
  return (
    <ServiceConnection
      service="firewall"
      title="Firewall"
      needs="Add a firewall appliance connection (address, API key and its certificate) in Settings."
    />
  );
}
