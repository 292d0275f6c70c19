import { NotConfigured } from '../../ui/NotConfigured.tsx';

export function TicketsView() {
  return <NotConfigured title="Tickets" needs="Add a customer-support connection (site, base URL and application key) in Settings." />;
}
