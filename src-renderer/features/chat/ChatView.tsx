import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function ChatView() {
  return (
    <ServiceConnection service="gateway" title="Chat" needs="Add a model gateway connection (address and API key) in Settings.">
      {() => (
        <NothingCached
          title="Conversations"
          explanation="OpsDesk does not keep conversations yet; once it does, past ones show here even while the gateway is offline."
        />
      )}
    </ServiceConnection>
  );
}
