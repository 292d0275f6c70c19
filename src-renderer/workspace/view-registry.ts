import type { ComponentType } from 'react';
import type { Tab, TabParams, ViewKind } from '../../src-preload/contract/workspace.ts';
import { ChatView } from '../features/chat/ChatView.tsx';
import { AlertView, alertTitle } from '../features/firewall/AlertView.tsx';
import { FirewallView } from '../features/firewall/FirewallView.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';
import { TicketsView } from '../features/tickets/TicketsView.tsx';

interface ViewBase {
  title: string;
  summary: string;
}

/**
 * A view the user opens from the Ctrl+T picker; its tab shows the view's title. A notification may
 * open one at a place inside it (e.g. the Firewall view's block list), given as `params`.
 */
export interface PickerView extends ViewBase {
  holds: 'nothing';
  component: ComponentType<{ params?: TabParams }>;
}

/** A view of one item (an alert, a ticket), opened by `navigate(kind, params)`; titled by its item. */
export interface ItemView extends ViewBase {
  holds: 'item';
  component: ComponentType<{ params: TabParams }>;
  titleFor(params: TabParams): string;
}

export type ViewRegistration = PickerView | ItemView;

/** Every view kind, in picker order. Adding a view is one entry here (and its kind in the contract). */
export const viewRegistry: Record<ViewKind, ViewRegistration> = {
  firewall: { holds: 'nothing', title: 'Firewall', summary: 'Alerts, block list and appliance status', component: FirewallView },
  tickets: { holds: 'nothing', title: 'Tickets', summary: 'Customer tickets, contacts and work items', component: TicketsView },
  chat: { holds: 'nothing', title: 'Chat', summary: 'Ask a model through the gateway', component: ChatView },
  settings: { holds: 'nothing', title: 'Settings', summary: 'Connections, keys and certificates', component: SettingsView },
  alert: { holds: 'item', title: 'Alert', summary: 'One firewall alert', component: AlertView, titleFor: alertTitle },
};

export const pickerViews: readonly (PickerView & { kind: ViewKind })[] = Object.entries(viewRegistry).flatMap(([kind, view]) =>
  view.holds === 'nothing' ? [{ ...view, kind: kind as ViewKind }] : [],
);

export function tabTitle(tab: Pick<Tab, 'kind' | 'params'>): string {
  const view = viewRegistry[tab.kind];
  return view.holds === 'item' ? view.titleFor(tab.params ?? {}) : view.title;
}
