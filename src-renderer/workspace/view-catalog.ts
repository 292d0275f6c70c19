import type { ViewKind } from '../../src-preload/contract/workspace.ts';

export interface ViewDescription {
  kind: ViewKind;
  title: string;
  summary: string;
}

export const viewCatalog: readonly ViewDescription[] = [
  { kind: 'firewall', title: 'Firewall', summary: 'Alerts, block list and appliance status' },
  { kind: 'tickets', title: 'Tickets', summary: 'Customer tickets, contacts and work items' },
  { kind: 'chat', title: 'Chat', summary: 'Ask a model through the gateway' },
  { kind: 'settings', title: 'Settings', summary: 'Connections, keys and certificates' },
];

export const titleOf = (kind: ViewKind): string => viewCatalog.find((view) => view.kind === kind)?.title ?? kind;
