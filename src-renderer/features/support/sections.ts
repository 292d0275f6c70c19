import type { ComponentType } from 'react';
import type { ProfileView } from '../../../src-preload/contract/profiles.ts';
import { translator } from '../../language/translator.ts';
import { AnalyticsSection } from './analytics/AnalyticsSection.tsx';
import { ChatLogsSection } from './chatlogs/ChatLogsSection.tsx';
import { ContactsSection } from './contacts/ContactsSection.tsx';
import { TicketsSection } from './inbox/TicketsSection.tsx';
import { KbSection } from './kb/KbSection.tsx';
import { QaSection } from './qa/QaSection.tsx';
import { WebhooksSection } from './webhooks/WebhooksSection.tsx';
import { WorkSection } from './work/WorkSection.tsx';

/** What every section of the Support view gets: the support profile the view shows. */
export interface SupportSectionProps {
  profile: ProfileView;
  /** The item a notification or link opened this section for (a ticket's id, say), to show it first. */
  itemId?: string;
}

/** One entry of the Support view's section nav. */
export interface SupportSection {
  /** Stable: kept in the tab's params, so a restored tab opens the same section. */
  id: string;
  /** Read at render time, so the nav follows the window's language. */
  title(): string;
  component: ComponentType<SupportSectionProps>;
}

export const supportSections: readonly SupportSection[] = [
  // Inbox, contacts and work items are support-inbox's (`inbox/`, `contacts/`, `work/`).
  { id: 'inbox', title: () => translator.t('supportDesk.sections.inbox'), component: TicketsSection },
  { id: 'contacts', title: () => translator.t('supportDesk.sections.contacts'), component: ContactsSection },
  { id: 'work', title: () => translator.t('supportDesk.sections.work'), component: WorkSection },
  { id: 'kb', title: () => translator.t('supportDesk.sections.kb'), component: KbSection },
  { id: 'qa', title: () => translator.t('supportDesk.sections.qa'), component: QaSection },
  { id: 'webhooks', title: () => translator.t('supportDesk.sections.webhooks'), component: WebhooksSection },
  { id: 'analytics', title: () => translator.t('supportDesk.sections.analytics'), component: AnalyticsSection },
  { id: 'chat-logs', title: () => translator.t('supportDesk.sections.chatLogs'), component: ChatLogsSection },
];
