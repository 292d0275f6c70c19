import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function supportHandlers(services: AppServices): Handlers<Contract>['support'] {
  const { support } = services;
  return {
    access: ({ profileId, refresh }) => support.access.get(profileId, refresh),
    tickets: (query) => support.tickets.query(query),
    ticketCounts: (request) => support.tickets.counts(request),
    ticketIds: (request) => support.tickets.ids(request),
    ticket: ({ profileId, ticketId, fresh }) => support.tickets.detail(profileId, ticketId, fresh),
    markRead: ({ profileId, ticketIds }) => support.tickets.markRead(profileId, ticketIds),
    markUnread: ({ profileId, ticketIds }) => support.tickets.markUnread(profileId, ticketIds),
    createTicket: (request) => support.tickets.createTicket(request),
    sendVisitorMessage: ({ profileId, ticketId, text }) => support.tickets.sendVisitorMessage(profileId, ticketId, text),
    replyToTicket: ({ profileId, ticketId, text }) => support.tickets.replyToTicket(profileId, ticketId, text),
    closeTicket: ({ profileId, ticketId, note }) => support.tickets.closeTicket(profileId, ticketId, note),
    closeTickets: ({ profileId, ticketIds, note }) => support.tickets.closeTickets(profileId, ticketIds, note),
    contacts: (query) => support.contacts.list(query),
    contact: ({ profileId, contactId, fresh }) => support.contacts.detail(profileId, contactId, fresh),
    revealPhone: ({ profileId, contactId }) => support.contacts.revealPhone(profileId, contactId),
    createContact: (request) => support.contacts.createContact(request),
    setContactStatus: ({ profileId, contactId, status }) => support.contacts.setContactStatus(profileId, contactId, status),
    addContactFollowUp: ({ profileId, contactId, kind, note }) => support.contacts.addContactFollowUp(profileId, contactId, kind, note),
    ticketContact: ({ profileId, ticketId }) => support.contactLinks.ticketContact(profileId, ticketId),
    contactTickets: ({ profileId, contactId, limit }) => support.contactLinks.contactTickets(profileId, contactId, limit),
    workItems: (query) => support.work.list(query),
    workItem: ({ profileId, workId, fresh }) => support.work.detail(profileId, workId, fresh),
    createWorkItem: (request) => support.work.createWorkItem(request),
    setWorkStatus: ({ profileId, workId, status }) => support.work.setWorkStatus(profileId, workId, status),
    addWorkFollowUp: ({ profileId, workId, kind, note }) => support.work.addWorkFollowUp(profileId, workId, kind, note),
    kbSearch: ({ profileId, q, topK }) => support.kb.search(profileId, q, topK),
    faqList: ({ profileId, ...request }) => support.kb.faqList(profileId, request),
    addFaq: (request) => support.kb.addFaq(request),
    ask: ({ profileId, question, sessionId }) => support.qa.ask(profileId, question, sessionId),
    session: ({ profileId, id }) => support.qa.session(profileId, id),
    analytics: ({ profileId }) => support.analytics.overview(profileId),
    chatLogs: ({ profileId, ...request }) => support.chatLogs.list(profileId, request),
    syncStatus: ({ profileId }) => support.syncStatus(profileId),
    syncNow: ({ profileId, resource }) => support.syncNow(profileId, resource),
  };
}
