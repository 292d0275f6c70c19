import { ServiceConnection } from '../../connections/ServiceConnection.tsx';

export function TicketsView() {
  return (
    <ServiceConnection
      service="support"
      title="Tickets"
      needs="Add a customer-support connection (address, site and application key) in Settings."
    />
  );
}
