import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function TicketsView() {
  return (
    <ServiceConnection
      service="support"
      title="Tickets"
      needs="Add a customer-support connection (address, site and application key) in Settings."
    >
      {() => (
        <NothingCached
          title="Tickets"
          explanation="OpsDesk does not keep tickets, contacts or work items yet; once it does, they show here even while the support API is offline."
        />
      )}
    </ServiceConnection>
  );
}
