import { useTranslation } from 'react-i18next';
import type { ViewParams } from '../../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../../connections/index.ts';
import { TicketContact } from '../contacts/TicketContact.tsx';
import { TicketDetailPane } from './TicketDetailPane.tsx';
import '../lists/support-lists.css';

/** One ticket in its own tab, opened by `navigate({ kind: 'ticket', params: { profileId, ticketId } })` from the inbox or a notification. */
export function TicketView({ params }: { params: ViewParams<'ticket'> }) {
  const { t } = useTranslation();
  const { profileId, ticketId } = params;
  return (
    <ServiceConnection service="support" title={t('views.ticket.titleWithId', { ticketId })} profileId={profileId} needs={t('features.support.needs')}>
      {() => (
        <div className="si-ticket-layout">
          <TicketDetailPane profileId={profileId} ticketId={ticketId} />
          <TicketContact profileId={profileId} ticketId={ticketId} />
        </div>
      )}
    </ServiceConnection>
  );
}
