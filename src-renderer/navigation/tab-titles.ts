import type { TFunction } from 'i18next';
import { create } from 'zustand';
import type { NavigationTarget, ViewParams } from '../../src-shared/contract/workspace.ts';

// Kept apart from the views, so a tab strip of unopened item tabs is titled without loading them.

type TitledTarget = Extract<NavigationTarget, { kind: 'ticket' | 'case' }>;

const keyOf = (target: TitledTarget): string => (target.kind === 'ticket' ? `ticket\n${target.params.profileId}\n${target.params.ticketId}` : `case\n${target.params.caseId}`);

/** The titles of items the window has read (a ticket's subject, `#12 Scan from …`), by item: the tab strip selects it to follow a title live. */
export const useKnownTitles = create<{ titles: Record<string, string> }>()(() => ({ titles: {} }));

const knownTitle = (target: TitledTarget): string | undefined => useKnownTitles.getState().titles[keyOf(target)];

/**
 * A title read anywhere (a list row's subject, a search hit), for a tab opened behind the one in
 * view: its view does nothing until shown, so it cannot title the tab itself.
 */
export function rememberTitle(target: NavigationTarget, title: string | null): void {
  if ((target.kind !== 'ticket' && target.kind !== 'case') || !title || knownTitle(target) === title) return;
  useKnownTitles.setState((state) => ({ titles: { ...state.titles, [keyOf(target)]: title } }));
}

export const alertTitle = ({ alertId }: ViewParams<'alert'>, t: TFunction): string => t('views.alert.titleWithId', { alertId });

export const blockTitle = ({ entryId }: ViewParams<'block'>, t: TFunction): string => t('views.block.titleWithId', { entryId });

export const addressTitle = ({ address }: ViewParams<'address'>, t: TFunction): string => t('views.address.titleWithAddress', { address });

export const ticketTitle = (params: ViewParams<'ticket'>, t: TFunction): string =>
  knownTitle({ kind: 'ticket', params }) ?? t('views.ticket.titleWithId', { ticketId: params.ticketId });

export const caseTitle = (params: ViewParams<'case'>, t: TFunction): string => knownTitle({ kind: 'case', params }) ?? t('views.case.title');
