import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '../../../../src-shared/contract/support.ts';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { workStatusWords } from '../lists/status-words.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { useLinkedWorkItems, useTicketContact } from '../support-data.ts';
import { NewWorkItemDialog, type WorkItemPrefill } from './NewWorkItemDialog.tsx';

/** The description a work item made from a ticket starts with: where it came from and what the visitor wrote last. */
function descriptionFrom(ticket: TicketDetail, words: (lastMessage: string) => string): string {
  const fromVisitor = [...ticket.messages].reverse().find((message) => message.from === 'visitor') ?? ticket.lastMessage;
  return fromVisitor ? words(fromVisitor.text) : '';
}

/** A ticket's work items (those the server links to it), and a new one made from it, already linked to it and its contact. */
export function TicketWorkItems({ profileId, ticket, writes }: { profileId: string; ticket: TicketDetail; writes: SupportWrites }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const linked = useLinkedWorkItems(profileId, { ticketId: ticket.id }).data;
  const contact = useTicketContact(profileId, ticket.id).data?.contact ?? null;
  const [prefill, setPrefill] = useState<WorkItemPrefill | null>(null);
  const start = () =>
    setPrefill({
      title: (ticket.subject ?? t('views.ticket.titleWithId', { ticketId: ticket.id })).slice(0, 200),
      description: descriptionFrom(ticket, (text) => t('support.links.workDescription', { id: ticket.id, text })),
      contact,
      ticket: { id: ticket.id, subject: ticket.subject },
    });
  return (
    <section className="si-linked si-ticket-work" aria-label={t('support.links.ticketWork')}>
      <div className="si-linked-head">
        <h3>{linked ? t('support.links.workCount', { count: linked.total }) : t('support.links.ticketWork')}</h3>
        <ScopeGate profileId={profileId} scope="work.write">
          <button type="button" className="button" onClick={start}>
            {t('support.links.workFromTicket')}
          </button>
        </ScopeGate>
      </div>
      {linked && linked.rows.length > 0 && (
        <ul className="si-linked-list">
          {linked.rows.map((item) => (
            <li key={item.id}>
              <button type="button" className="si-link si-server-text" onClick={() => navigate({ kind: 'support', params: { profileId, section: 'work', itemId: item.id } })}>
                {item.title ?? item.id}
              </button>
              <span className="si-linked-meta muted">{workStatusWords(item.status, t)}</span>
            </li>
          ))}
        </ul>
      )}
      {prefill && <NewWorkItemDialog profileId={profileId} writes={writes} prefill={prefill} onClose={() => setPrefill(null)} />}
    </section>
  );
}
