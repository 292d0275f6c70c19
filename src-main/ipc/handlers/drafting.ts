import type { Contract } from '../../../src-shared/contract/index.ts';
import type { AppServices } from '../../core/app-services.ts';
import type { Handlers } from '../router.ts';

export function draftingHandlers(services: AppServices): Handlers<Contract>['drafting'] {
  const { drafting } = services;
  return {
    draftReply: ({ profileId, ticketId, taskId }, { windowId }) => drafting.draftReply(profileId, ticketId, taskId, windowId),
    summariseTicket: ({ profileId, ticketId, taskId }, { windowId }) => drafting.summariseTicket(profileId, ticketId, taskId, windowId),
    shortenCallNote: ({ text, taskId }, { windowId }) => drafting.shortenCallNote(text, taskId, windowId),
  };
}
