import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { NavigationTarget, PickerKind, ViewKind, ViewParams } from '../../src-shared/contract/workspace.ts';
import { adminSectionLoads } from '../features/firewall/admin/index.ts';
import { FirewallView } from '../features/firewall/FirewallView.tsx';
import { supportSectionLoads } from '../features/support/sections.ts';
import { knownTitle, useConversationTitles } from '../features/chat/chat-store.ts';
import { lazyView } from '../ui/lazy-view.ts';
import { addressTitle, alertTitle, blockTitle, caseTitle, ticketTitle, useKnownTitles } from '../navigation/tab-titles.ts';
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

// The Firewall view is the first screen; every other view is a chunk of its own (`npm run bench`, P4).
const viewOf = <K extends ViewKind>(importComponent: () => Promise<ComponentType<{ params: ViewParams<K> }>>) => lazyView(importComponent);
const support = viewOf<'support'>(() => import('../features/support/SupportView.tsx').then((module) => module.SupportView));
const chat = viewOf<'chat'>(() => import('../features/chat/ChatView.tsx').then((module) => module.ChatView));
const settings = viewOf<'settings'>(() => import('../features/settings/SettingsView.tsx').then((module) => module.SettingsView));
const alert = viewOf<'alert'>(() => import('../features/firewall/AlertView.tsx').then((module) => module.AlertView));
const conversation = viewOf<'conversation'>(() => import('./tabs/ConversationTab.tsx').then((module) => module.ConversationTab));
const ticket = viewOf<'ticket'>(() => import('../features/support/ticket/TicketView.tsx').then((module) => module.TicketView));
const block = viewOf<'block'>(() => import('../features/firewall/blocklist/BlockView.tsx').then((module) => module.BlockView));
const activity = viewOf<'activity'>(() => import('../features/activity/ActivityView.tsx').then((module) => module.ActivityView));
const address = viewOf<'address'>(() => import('../features/address/AddressCardView.tsx').then((module) => module.AddressCardView));
const cases = viewOf<'cases'>(() => import('../features/cases/CasesView.tsx').then((module) => module.CasesView));
const caseView = viewOf<'case'>(() => import('./tabs/CaseTab.tsx').then((module) => module.CaseTab));

/** The views (and the sections of the Firewall and Support views) fetched when the window is idle, most often opened first. */
export const viewLoads: readonly (() => Promise<unknown>)[] = [
  ...[support, chat, settings, ticket, alert, activity, address, block, conversation, cases, caseView].map((view) => view.load),
  ...supportSectionLoads,
  ...adminSectionLoads,
];

/** Every view kind, in picker order. Adding a view is one entry here (and its kind in the contract). */
export const viewRegistry: { [K in ViewKind]: ViewRegistration<K> } = {
  firewall: { holds: 'nothing', component: FirewallView },
  support: { holds: 'nothing', component: support.component },
  chat: { holds: 'nothing', component: chat.component },
  settings: { holds: 'nothing', component: settings.component },
  alert: { holds: 'item', component: alert.component, titleFor: alertTitle },
  conversation: { holds: 'item', component: conversation.component, titleFor: ({ id }, t) => knownTitle(id) ?? t('views.conversation.title') },
  ticket: { holds: 'item', component: ticket.component, titleFor: ticketTitle },
  block: { holds: 'item', component: block.component, titleFor: blockTitle },
  activity: { holds: 'nothing', component: activity.component },
  address: { holds: 'item', component: address.component, titleFor: addressTitle },
  cases: { holds: 'nothing', component: cases.component },
  case: { holds: 'item', component: caseView.component, titleFor: caseTitle },
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
  useKnownTitles((state) => state.titles);
}

/** A tab's title; an item's title may come from a server, so its direction controls are shown as marks. */
export function tabTitle(tab: NavigationTarget, t: TFunction): string {
  const view = viewFor(tab.kind);
  return view.holds === 'item' ? visibleText(view.titleFor(tab.params, t)) : t(`views.${tab.kind}.title`);
}
