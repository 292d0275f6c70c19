import { NotConfigured } from '../../ui/NotConfigured.tsx';

export function ChatView() {
  return <NotConfigured title="Chat" needs="Add a model gateway connection (base URL and API key) in Settings." />;
}
