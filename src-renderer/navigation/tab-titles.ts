import type { TFunction } from 'i18next';
import type { NavigationTarget, ViewParams } from '../../src-shared/contract/workspace.ts';
import { knownTicketSubject, rememberTicketSubject } from './ticket-subjects.ts';
import { knownCaseTitle, rememberCaseTitle } from './case-titles.ts';

// Kept apart from the views, so a tab strip of unopened item tabs is titled without loading them.

export const alertTitle = ({ alertId }: ViewParams<'alert'>, t: TFunction): string => t('views.alert.titleWithId', { alertId });

export const blockTitle = ({ entryId }: ViewParams<'block'>, t: TFunction): string => t('views.block.titleWithId', { entryId });

export const addressTitle = ({ address }: ViewParams<'address'>, t: TFunction): string => t('views.address.titleWithAddress', { address });

export const ticketTitle = ({ profileId, ticketId }: ViewParams<'ticket'>, t: TFunction): string =>
  knownTicketSubject(profileId, ticketId) ?? t('views.ticket.titleWithId', { ticketId });

export const caseTitle = ({ caseId }: ViewParams<'case'>, t: TFunction): string => knownCaseTitle(caseId) ?? t('views.case.title');

/**
 * A title already read elsewhere (a search hit's subject), for a tab opened behind the one in view:
 * its view does nothing until shown, so it cannot title the tab itself.
 */
export function rememberTitle(target: NavigationTarget, title: string): void {
  if (target.kind === 'ticket') rememberTicketSubject(target.params.profileId, target.params.ticketId, title);
  if (target.kind === 'case') rememberCaseTitle(target.params.caseId, title);
}
