import { ServiceConnection } from '../../connections/ServiceConnection.tsx';

export function ChatView() {
  return <ServiceConnection service="gateway" title="Chat" needs="Add a model gateway connection (address and API key) in Settings." />;
}
