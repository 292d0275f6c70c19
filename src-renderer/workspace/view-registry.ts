import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { NavigationTarget, PickerKind, ViewKind, ViewParams } from '../../src-preload/contract/workspace.ts';
import { ActivityView } from '../activity/ActivityView.tsx';
import { addressTitle } from '../features/address/AddressView.tsx';
import { ChatView } from '../features/chat/ChatView.tsx';
import { useConversationTitles } from '../features/chat/chat-store.ts';
import { conversationTitle } from '../features/chat/ConversationView.tsx';
import { ConversationTab } from './ConversationTab.tsx';
import { AlertView, alertTitle } from '../features/firewall/AlertView.tsx';
import { BlockView, blockTitle } from '../features/firewall/blocklist/BlockView.tsx';
import { FirewallView } from '../features/firewall/FirewallView.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';
import { SupportView } from '../features/support/SupportView.tsx';
import { TicketView, ticketTitle } from '../features/support/ticket/TicketView.tsx';
import { useTicketSubjects } from '../features/support/ticket/ticket-subjects.ts';
import { AddressCardView } from './AddressCardView.tsx';
import { visibleText } from '../../src-shared/visible-text.ts';

// A view's title and summary are `views.<kind>.title` and `.summary` in the catalogs.

/**
 * A view the user opens from the Ctrl+T picker; its tab shows the view's title. A notification may
 * open one at a place inside it (e.g. the Firewall view's block list), given as `params`.
 */
export interface PickerView<K extends ViewKind> {
  holds: 'nothing';
  component: ComponentType<{ params: ViewParams<K> }>;
}

/** A view of one item (an alert, a ticket), opened by `navigate({ kind, params })`; titled by its item. */
export interface ItemView<K extends ViewKind> {
  holds: 'item';
  component: ComponentType<{ params: ViewParams<K> }>;
  titleFor(params: ViewParams<K>, t: TFunction): string;
}

export type ViewRegistration<K extends ViewKind> = PickerView<K> | ItemView<K>;

/** Every view kind, in picker order. Adding a view is one entry here (and its kind in the contract). */
export const viewRegistry: { [K in ViewKind]: ViewRegistration<K> } = {
  firewall: { holds: 'nothing', component: FirewallView },
  support: { holds: 'nothing', component: SupportView },
  chat: { holds: 'nothing', component: ChatView },
  settings: { holds: 'nothing', component: SettingsView },
  alert: { holds: 'item', component: AlertView, titleFor: alertTitle },
  conversation: { holds: 'item', component: ConversationTab, titleFor: conversationTitle },
  ticket: { holds: 'item', component: TicketView, titleFor: ticketTitle },
  block: { holds: 'item', component: BlockView, titleFor: blockTitle },
  activity: { holds: 'nothing', component: ActivityView },
  address: { holds: 'item', component: AddressCardView, titleFor: addressTitle },
};

/** The registration of a tab's view, with the parameters that view takes. */
export const viewFor = <K extends ViewKind>(kind: K): ViewRegistration<K> => viewRegistry[kind];

const isViewKind = (kind: string): kind is ViewKind => kind in viewRegistry;
const opensHoldingNothing = (kind: ViewKind): kind is PickerKind => viewRegistry[kind].holds === 'nothing';

/** The views the Ctrl+T picker offers, in picker order. */
export const pickerKinds: readonly PickerKind[] = Object.keys(viewRegistry).filter(isViewKind).filter(opensHoldingNothing);

/** Re-renders the caller when a title an item tab shows changes (a conversation renamed, a ticket's subject read), so the tab follows it live. */
export function useItemTitles(): void {
  useConversationTitles();
  useTicketSubjects((state) => state.subjects);
}

/** A tab's title; an item's title may come from a server, so its direction controls are shown as marks. */
export function tabTitle(tab: NavigationTarget, t: TFunction): string {
  const view = viewFor(tab.kind);
  return view.holds === 'item' ? visibleText(view.titleFor(tab.params, t)) : t(`views.${tab.kind}.title`);
}
