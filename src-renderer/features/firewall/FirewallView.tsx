import { NotConfigured } from '../../ui/NotConfigured.tsx';

export function FirewallView() {
  return <NotConfigured title="Firewall" needs="Add a firewall appliance connection (address, API key and its certificate) in Settings." />;
}
