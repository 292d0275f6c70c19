import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { Tab, TabParams, ViewKind } from '../../src-preload/contract/workspace.ts';
import { ChatView } from '../features/chat/ChatView.tsx';
import { useConversationTitles } from '../features/chat/chat-store.ts';
import { ConversationView, conversationTitle } from '../features/chat/ConversationView.tsx';
import { AlertView, alertTitle } from '../features/firewall/AlertView.tsx';
import { BlockView, blockTitle } from '../features/firewall/blocklist/BlockView.tsx';
import { FirewallView } from '../features/firewall/FirewallView.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';
import { SupportView } from '../features/support/SupportView.tsx';
import { TicketView, ticketTitle } from '../features/support/ticket/TicketView.tsx';
import { useTicketSubjects } from '../features/support/ticket/ticket-subjects.ts';

// A view's title and summary are `views.<kind>.title` and `.summary` in the catalogs.

/**
 * A view the user opens from the Ctrl+T picker; its tab shows the view's title. A notification may
 * open one at a place inside it (e.g. the Firewall view's block list), given as `params`.
 */
export interface PickerView {
  holds: 'nothing';
  component: ComponentType<{ params?: TabParams }>;
}

/** A view of one item (an alert, a ticket), opened by `navigate(kind, params)`; titled by its item. */
export interface ItemView {
  holds: 'item';
  component: ComponentType<{ params: TabParams }>;
  titleFor(params: TabParams, t: TFunction): string;
}

export type ViewRegistration = PickerView | ItemView;

/** Every view kind, in picker order. Adding a view is one entry here (and its kind in the contract). */
export const viewRegistry: Record<ViewKind, ViewRegistration> = {
  firewall: { holds: 'nothing', component: FirewallView },
  tickets: { holds: 'nothing', component: SupportView },
  chat: { holds: 'nothing', component: ChatView },
  settings: { holds: 'nothing', component: SettingsView },
  alert: { holds: 'item', component: AlertView, titleFor: alertTitle },
  conversation: { holds: 'item', component: ConversationView, titleFor: conversationTitle },
  ticket: { holds: 'item', component: TicketView, titleFor: ticketTitle },
  block: { holds: 'item', component: BlockView, titleFor: blockTitle },
};

export const pickerViews: readonly (PickerView & { kind: ViewKind })[] = Object.entries(viewRegistry).flatMap(([kind, view]) =>
  view.holds === 'nothing' ? [{ ...view, kind: kind as ViewKind }] : [],
);

/** Re-renders the caller when a title an item tab shows changes (a conversation renamed, a ticket's subject read), so the tab follows it live. */
export function useItemTitles(): void {
  useConversationTitles();
  useTicketSubjects((state) => state.subjects);
}

export function tabTitle(tab: Pick<Tab, 'kind' | 'params'>, t: TFunction): string {
  const view = viewRegistry[tab.kind];
  return view.holds === 'item' ? view.titleFor(tab.params ?? {}, t) : t(`views.${tab.kind}.title`);
}
