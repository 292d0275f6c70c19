import type { ComponentType } from 'react';
import { translator } from '../../language/translator.ts';
import { lazyView } from '../../ui/lazy-view.ts';
import type { SupportSection, SupportSectionProps } from './section.ts';

const section = (importComponent: () => Promise<ComponentType<SupportSectionProps>>) => lazyView(importComponent);

// Chunks of their own, fetched when the window is idle (`viewLoads`), so the palette can list them without loading them.
const tickets = section(() => import('./ticket/TicketsSection.tsx').then((module) => module.TicketsSection));
const contacts = section(() => import('./contacts/ContactsSection.tsx').then((module) => module.ContactsSection));
const work = section(() => import('./work/WorkSection.tsx').then((module) => module.WorkSection));
const kb = section(() => import('./kb/KbSection.tsx').then((module) => module.KbSection));
const qa = section(() => import('./qa/QaSection.tsx').then((module) => module.QaSection));
const webhooks = section(() => import('./webhooks/WebhooksSection.tsx').then((module) => module.WebhooksSection));
const analytics = section(() => import('./analytics/AnalyticsSection.tsx').then((module) => module.AnalyticsSection));
const chatLogs = section(() => import('./chatlogs/ChatLogsSection.tsx').then((module) => module.ChatLogsSection));

export const supportSectionLoads: readonly (() => Promise<unknown>)[] = [tickets, contacts, work, kb, qa, webhooks, analytics, chatLogs].map((lazy) => lazy.load);

export const supportSections: readonly SupportSection[] = [
  // Tickets, contacts and work items are cached lists (`ticket/`, `contacts/`, `work/`), built on `lists/`.
  { id: 'inbox', title: () => translator.t('supportDesk.sections.inbox'), component: tickets.component },
  { id: 'contacts', title: () => translator.t('supportDesk.sections.contacts'), component: contacts.component },
  { id: 'work', title: () => translator.t('supportDesk.sections.work'), component: work.component },
  { id: 'kb', title: () => translator.t('supportDesk.sections.kb'), component: kb.component },
  { id: 'qa', title: () => translator.t('supportDesk.sections.qa'), component: qa.component },
  { id: 'webhooks', title: () => translator.t('supportDesk.sections.webhooks'), component: webhooks.component },
  { id: 'analytics', title: () => translator.t('supportDesk.sections.analytics'), component: analytics.component },
  { id: 'chat-logs', title: () => translator.t('supportDesk.sections.chatLogs'), component: chatLogs.component },
];
