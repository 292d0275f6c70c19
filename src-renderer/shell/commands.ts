// What the command palette can do (issue 25): open any view or section, make something new, block
// an address, sync, switch a tab's connection, the language and the theme, open the outbox, the
// notification center and Settings. Each feature's part is read from that feature; the palette
// (features/palette/) only lists, filters and runs them.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { ProfileView } from '../../src-shared/contract/profiles.ts';
import type { ThemeChoice } from '../../src-shared/contract/app.ts';
import { languageChoices } from '../../src-shared/i18n/languages.ts';
import { useProfiles } from '../features/connections/index.ts';
import { createConversation } from '../features/chat/chat-data.ts';
import { firewallSections } from '../features/firewall/sections.ts';
import { alertsStoreOf, useKeptAlertViews } from '../features/firewall/alerts/alerts-data.ts';
import type { AlertFilter } from '../../src-shared/contract/firewall.ts';
import type { AlertView } from '../../src-shared/contract/views.ts';
import { inboxKeys } from '../features/support/inbox/inbox-keys.ts';
import { supportSections } from '../features/support/sections.ts';
import { ownNames } from '../language/language-names.ts';
import { useLanguageStore } from '../language/language-store.ts';
import { useNotificationsStore } from '../features/notifications/notifications-store.ts';
import { useOutboxStore } from '../features/outbox/outbox-store.ts';
import { useThemeStore } from '../ui/theme-store.ts';
import { commandShortcut } from '../navigation/shortcut-label.ts';
import { syncNow } from './commands-data.ts';
import { pickerKinds } from './view-registry.ts';
import { useViewRequests, type InboxAction } from '../navigation/view-requests.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';

export interface PaletteCommand {
  /** Stable: the recently used list keeps it across restarts. */
  id: string;
  title: string;
  /** What typing finds it by besides its title: its English words too, whatever the language. */
  words: string;
  shortcut?: string;
  run(): void;
}

/** What the palette knows when it lists the commands: the address typed, if it is one, and the connections. */
export interface CommandContext {
  address: string | null;
  profiles: readonly ProfileView[];
}

/** The back end whose connection a view of this kind uses. */
const serviceOfView: Partial<Record<string, 'firewall' | 'support'>> = { firewall: 'firewall', support: 'support' };

const workspace = () => useWorkspaceStore.getState();

async function newConversation(profiles: readonly ProfileView[]): Promise<void> {
  const gateway = profiles.find((profile) => profile.service === 'gateway');
  if (!gateway) {
    workspace().open('chat');
    return;
  }
  const created = await createConversation(gateway.id);
  if (created) workspace().navigate({ kind: 'conversation', params: { id: created.id } });
}

/** Shows one appliance's alerts with a whole filter: a saved one, or what is new since the last look. */
function showAlerts(profileId: string, filter: AlertFilter): void {
  alertsStoreOf(profileId).getState().applyFilter(filter);
  workspace().navigate({ kind: 'firewall', params: { profileId, section: 'alerts' } });
}

/** Each appliance's saved alert filters and "new since I last looked", as main kept them (the palette asks for them as it opens). */
function alertFilterCommands(t: TFunction, english: TFunction, profiles: readonly ProfileView[], keptAlertViews: CommandInputs['keptAlertViews']): PaletteCommand[] {
  return profiles
    .filter((profile) => profile.service === 'firewall')
    .flatMap((profile) => {
      const views = keptAlertViews[profile.id];
      if (!views) return [];
      const lookedAt = views.lastLookedAt;
      return [
        ...(lookedAt === null
          ? []
          : [{ id: `alerts.newSince.${profile.id}`, title: t('palette.commands.newSinceLooked', { profile: profile.name }), words: english('palette.commands.newSinceLooked', { profile: profile.name }), run: () => showAlerts(profile.id, { since: lookedAt }) }]),
        ...views.saved.map((saved) => ({
          id: `alerts.saved.${profile.id}.${saved.name}`,
          title: t('palette.commands.alertFilter', { profile: profile.name, name: saved.name }),
          words: english('palette.commands.alertFilter', { profile: profile.name, name: saved.name }),
          run: () => showAlerts(profile.id, saved.filter),
        })),
      ];
    });
}

/** What the commands are made from that arrives after the palette opens. */
export interface CommandInputs {
  /** Each appliance's kept alerts view (its saved filters, its last look), by profile id, once main answered. */
  keptAlertViews: Readonly<Record<string, AlertView>>;
}

/** The commands' inputs, asked for here as the palette opens; the palette lists its commands again when they change. */
export function useCommandInputs(): CommandInputs {
  const profiles = useProfiles();
  const appliances = useMemo(() => profiles.filter((profile) => profile.service === 'firewall').map((profile) => profile.id), [profiles]);
  const keptAlertViews = useKeptAlertViews(appliances);
  return useMemo(() => ({ keptAlertViews }), [keptAlertViews]);
}

/** What the inbox's keys do, offered in the palette with their keys: the palette is the shortcuts' list. */
const inboxActions: readonly InboxAction[] = ['next', 'previous', 'reply', 'close', 'toggleRead'];

/** The commands in the window's language; `english` words them again so English typing finds them too. */
export function paletteCommands(t: TFunction, english: TFunction, context: CommandContext, inputs: CommandInputs): PaletteCommand[] {
  const both = (key: string, options: Record<string, unknown> = {}) => ({ title: t(key, options), words: english(key, options) });
  const { profiles } = context;
  const { tabs, activeTabId } = workspace();
  const activeTab = tabs.find((tab) => tab.id === activeTabId);
  const activeService = activeTab ? serviceOfView[activeTab.kind] : undefined;
  const themes: ThemeChoice[] = ['system', 'light', 'dark'];

  return [
    ...pickerKinds.map((kind) => ({ id: `view.${kind}`, ...both('palette.commands.openView', { view: t(`views.${kind}.title`) }), words: `${english(`views.${kind}.title`)} ${english(`views.${kind}.summary`)}`, run: () => workspace().open(kind) })),
    { id: 'views.picker', ...both('palette.commands.pickView'), shortcut: commandShortcut('T'), run: () => workspace().setPickerOpen(true) },
    { id: 'shortcuts', ...both('palette.commands.shortcuts'), shortcut: commandShortcut('/'), run: () => workspace().setShortcutsOpen(true) },
    ...firewallSections.map((section) => ({ id: `firewall.${section.id}`, title: t('palette.commands.openSection', { view: t('views.firewall.title'), section: section.title() }), words: `firewall ${section.id}`, run: () => workspace().navigate({ kind: 'firewall', params: { section: section.id } }) })),
    ...supportSections.map((section) => ({ id: `support.${section.id}`, title: t('palette.commands.openSection', { view: t('views.support.title'), section: section.title() }), words: `support ${section.id}`, run: () => workspace().navigate({ kind: 'support', params: { section: section.id } }) })),
    { id: 'conversation.new', ...both('palette.commands.newConversation'), run: () => void newConversation(profiles) },
    {
      id: 'ticket.new',
      ...both('palette.commands.newTicket'),
      run: () => {
        workspace().navigate({ kind: 'support', params: { section: 'inbox' } });
        useViewRequests.getState().request({ kind: 'newTicket' });
      },
    },
    ...inboxActions.map((action) => ({
      id: `inbox.${action}`,
      ...both(`palette.commands.inbox.${action}`),
      shortcut: inboxKeys[action],
      run: () => {
        // A Support tab in front keeps its connection and its inbox as they are (the chosen ticket with them).
        if (activeTab?.kind !== 'support') workspace().navigate({ kind: 'support', params: { section: 'inbox' } });
        useViewRequests.getState().request({ kind: 'inbox', action });
      },
    })),
    {
      id: 'block',
      ...(context.address ? both('palette.commands.blockAddress', { address: context.address }) : both('palette.commands.block')),
      run: () => {
        workspace().navigate({ kind: 'firewall', params: { section: 'blocklist' } });
        useViewRequests.getState().request({ kind: 'block', address: context.address ?? '' });
      },
    },
    { id: 'sync', ...both('palette.commands.syncNow'), run: () => profiles.forEach(syncNow) },
    ...(activeTab && activeService
      ? profiles
          .filter((profile) => profile.service === activeService)
          .map((profile) => ({
            id: `connection.${profile.id}`,
            ...both('palette.commands.switchConnection', { name: profile.name }),
            run: () => workspace().retarget(activeTab.id, { kind: activeService, params: { ...activeTab.params, profileId: profile.id } }),
          }))
      : []),
    ...languageChoices.map((choice) => ({
      id: `language.${choice}`,
      ...both('palette.commands.language', { language: choice === 'system' ? t('palette.commands.systemLanguage') : ownNames[choice] }),
      run: () => void useLanguageStore.getState().choose(choice),
    })),
    ...themes.map((theme) => ({ id: `theme.${theme}`, ...both(`palette.commands.theme.${theme}`), run: () => void useThemeStore.getState().choose(theme) })),
    { id: 'outbox', ...both('palette.commands.outbox'), shortcut: commandShortcut('O', { shift: true }), run: () => useOutboxStore.getState().setPanelOpen(true) },
    { id: 'notifications', ...both('palette.commands.notifications'), run: () => useNotificationsStore.getState().setCenterOpen(true) },
    { id: 'tab.close', ...both('palette.commands.closeTab'), shortcut: commandShortcut('W'), run: () => activeTabId && workspace().close(activeTabId) },
    ...alertFilterCommands(t, english, profiles, inputs.keptAlertViews),
  ];
}
