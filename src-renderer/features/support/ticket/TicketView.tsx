import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TabParams } from '../../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../../connections/ServiceConnection.tsx';
import { TicketDetailPane } from './TicketDetailPane.tsx';
import { knownTicketSubject } from './ticket-subjects.ts';
import '../inbox/support-inbox.css';

const paramsOf = (params: TabParams) => ({
  profileId: typeof params.profileId === 'string' ? params.profileId : '',
  ticketId: params.ticketId === undefined ? '' : String(params.ticketId),
});

export const ticketTitle = (params: TabParams, t: TFunction): string => {
  const { profileId, ticketId } = paramsOf(params);
  return knownTicketSubject(profileId, ticketId) ?? t('views.ticket.titleWithId', { ticketId });
};

/** One ticket in its own tab, opened by `navigate('ticket', { profileId, ticketId })` from the inbox or a notification. */
export function TicketView({ params }: { params: TabParams }) {
  const { t } = useTranslation();
  const { profileId, ticketId } = paramsOf(params);
  return (
    <ServiceConnection service="support" title={t('views.ticket.titleWithId', { ticketId })} profileId={profileId} needs={t('features.tickets.needs')}>
      {() => <TicketDetailPane profileId={profileId} ticketId={ticketId} />}
    </ServiceConnection>
  );
}
