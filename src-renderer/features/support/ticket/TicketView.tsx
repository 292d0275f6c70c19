import { useTranslation } from 'react-i18next';
import type { ViewParams } from '../../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../../connections/index.ts';
import { TicketContact } from '../contacts/TicketContact.tsx';
import { TicketDetailPane } from './TicketDetailPane.tsx';
import { ticketTitle, useKnownTitles } from '../../../navigation/tab-titles.ts';
import '../lists/support-lists.css';

/**
 * One ticket in its own tab, opened by `navigate({ kind: 'ticket', params: { profileId, ticketId } })`
 * from the inbox or a notification. Its heading is the tab's title: the subject, once read.
 */
export function TicketView({ params }: { params: ViewParams<'ticket'> }) {
  const { t } = useTranslation();
  const { profileId, ticketId } = params;
  useKnownTitles((state) => state.titles);
  return (
    <ServiceConnection service="support" title={ticketTitle(params, t)} profileId={profileId} needs={t('features.support.needs')}>
      {() => (
        <div className="si-ticket-layout">
          <TicketDetailPane profileId={profileId} ticketId={ticketId} headed={false} />
          <TicketContact profileId={profileId} ticketId={ticketId} />
        </div>
      )}
    </ServiceConnection>
  );
}
