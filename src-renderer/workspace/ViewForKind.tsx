import type { ViewKind } from '../../src-preload/contract/workspace.ts';
import { ChatView } from '../features/chat/ChatView.tsx';
import { FirewallView } from '../features/firewall/FirewallView.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';
import { TicketsView } from '../features/tickets/TicketsView.tsx';

export function ViewForKind({ kind }: { kind: ViewKind }) {
  switch (kind) {
    case 'chat':
      return <ChatView />;
    case 'tickets':
      return <TicketsView />;
    case 'firewall':
      return <FirewallView />;
    case 'settings':
      return <SettingsView />;
  }
}
