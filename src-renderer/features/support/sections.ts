import { translator } from '../../language/translator.ts';
import { AnalyticsSection } from './analytics/AnalyticsSection.tsx';
import { ChatLogsSection } from './chatlogs/ChatLogsSection.tsx';
import { ContactsSection } from './contacts/ContactsSection.tsx';
import { InboxSection } from './inbox/InboxSection.tsx';
import { KbSection } from './kb/KbSection.tsx';
import { QaSection } from './qa/QaSection.tsx';
import { WebhooksSection } from './webhooks/WebhooksSection.tsx';
import { WorkSection } from './work/WorkSection.tsx';
import type { SupportSection } from './section.ts';

export const supportSections: readonly SupportSection[] = [
  // Tickets, contacts and work items are cached lists (`inbox/`, `contacts/`, `work/`), built on `lists/`.
  { id: 'inbox', title: () => translator.t('supportDesk.sections.inbox'), component: InboxSection },
  { id: 'contacts', title: () => translator.t('supportDesk.sections.contacts'), component: ContactsSection },
  { id: 'work', title: () => translator.t('supportDesk.sections.work'), component: WorkSection },
  { id: 'kb', title: () => translator.t('supportDesk.sections.kb'), component: KbSection },
  { id: 'qa', title: () => translator.t('supportDesk.sections.qa'), component: QaSection },
  { id: 'webhooks', title: () => translator.t('supportDesk.sections.webhooks'), component: WebhooksSection },
  { id: 'analytics', title: () => translator.t('supportDesk.sections.analytics'), component: AnalyticsSection },
  { id: 'chat-logs', title: () => translator.t('supportDesk.sections.chatLogs'), component: ChatLogsSection },
];
