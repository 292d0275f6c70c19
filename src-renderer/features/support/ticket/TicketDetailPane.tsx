import { ItemHistory } from '../../activity/index.ts';
import { SimilarItems } from '../../assistant/index.ts';
import { ItemCases } from '../../cases/index.ts';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { TicketMessage } from '../../../../src-shared/contract/support.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { DraftEntries, ReplyDraftPanel, useReplyDraft } from '../drafting/ReplyDraft.tsx';
import { TicketSummary } from '../drafting/TicketSummary.tsx';
import { Field } from '../lists/Field.tsx';
import { ticketStatusWords } from '../lists/status-words.ts';
import { supportCalls, useTicket } from '../support-data.ts';
import { useSupportWrites } from '../lists/use-support-writes.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { WriteList } from '../lists/WriteList.tsx';
import { ReplyBox } from '../reply/ReplyBox.tsx';
import { VisitorMessage } from '../reply/VisitorMessage.tsx';
import { TicketWorkItems } from '../work/TicketWorkItems.tsx';
import { rememberTitle } from '../../../navigation/tab-titles.ts';
import { AddressText } from '../../../ui/AddressText.tsx';

/** A ticket's thread and what can be done with it: the robot reply (the default), a visitor message (secondary), a work item from it, close with a note. */
/** `headed`: the subject as the pane's heading; its own tab has it as the view's title instead. */
export function TicketDetailPane({ profileId, ticketId, headed = true }: { profileId: string; ticketId: string; headed?: boolean }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  const writes = useSupportWrites(profileId);
  const reply = useReplyDraft(profileId, ticketId);

  const loaded = useTicket(profileId, ticketId);
  const shown = loaded.data ?? null;

  useEffect(() => {
    if (!shown) return;
    rememberTitle({ kind: 'ticket', params: { profileId, ticketId } }, shown.subject);
    if (shown.unread) void supportCalls(profileId).markRead({ ticketIds: [ticketId] });
  }, [shown, profileId, ticketId]);

  if (loaded.isPending) return <p className="muted">{t('support.ticket.loading')}</p>;
  // A failed re-read keeps what is shown.
  if (loaded.data === undefined) return loaded.error && <ErrorNotice error={loaded.error} title={t('support.ticket.notCached')} />;
  const ticket = loaded.data;
  const closed = ticket.status === 'closed';

  return (
    <article className="si-ticket" aria-label={t('views.ticket.titleWithId', { ticketId })}>
      <header className="si-ticket-header">
        {headed ? (
          <h2 className="si-server-text">
            <AddressText text={ticket.subject ?? ticket.id} />
          </h2>
        ) : (
          <span className="muted">{ticket.id}</span>
        )}
        <span className={`si-status si-status-${ticket.status.replace(/[^a-z]/g, '') || 'other'}`}>{ticketStatusWords(ticket.status, t)}</span>
      </header>
      {ticket.from === 'cache' && ticket.error && (
        <p className="notice notice-warning" role="note">
          {t('support.cached')}
        </p>
      )}
      <dl className="si-fields">
        <dt>{t('support.ticket.visitor')}</dt>
        <dd className="si-server-text">
          {[ticket.visitorName, ticket.visitorEmail].filter(Boolean).join(' · ') || '—'}
        </dd>
        {ticket.channel && (
          <>
            <dt>{t('support.ticket.channel')}</dt>
            <dd className="si-server-text">{ticket.channel}</dd>
          </>
        )}
        {ticket.createdAt && (
          <>
            <dt>{t('support.ticket.created')}</dt>
            <dd>
              <Time value={ticket.createdAt} />
            </dd>
          </>
        )}
        {ticket.closeNote && (
          <>
            <dt>{t('support.ticket.closedNote')}</dt>
            <dd className="si-server-text">
              <AddressText text={ticket.closeNote} />
            </dd>
          </>
        )}
        {ticket.otherFields.map((field) => (
          <div key={field.name} className="si-field-pair">
            <dt className="si-server-text">{field.name}</dt>
            <dd className="si-server-text">
              <AddressText text={field.value} />
            </dd>
          </div>
        ))}
      </dl>
      <TicketWorkItems profileId={profileId} ticket={ticket} writes={writes} />
      <ItemCases item={{ kind: 'ticket', profileId, itemId: ticketId }} label={ticket.subject ?? ticketId} />
      <TicketSummary profileId={profileId} ticketId={ticketId} />
      <ol className="si-thread" aria-label={t('support.ticket.thread')}>
        {ticket.messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ol>
      <WriteList writes={writes} />
      {closed ? (
        <p className="muted">{t('support.ticket.isClosed')}</p>
      ) : (
        <>
          <ReplyDraftPanel profileId={profileId} reply={reply} />
          {/* A drafted reply streams into this box; the analyst edits it and sends it here, as any reply. */}
          <ReplyBox profileId={profileId} ticket={ticket} writes={writes} box={reply} />
          <div className="si-ticket-actions">
            <VisitorMessage profileId={profileId} ticketId={ticketId} writes={writes} />
            <ScopeGate profileId={profileId} scope="ticket.write">
              <button type="button" className="button-danger" onClick={() => setClosing(true)}>
                {t('support.ticket.close')}
              </button>
            </ScopeGate>
          </div>
          <DraftEntries reply={reply} />
        </>
      )}
      <SimilarItems kind="ticket" profileId={profileId} id={ticketId} />
      <ItemHistory target={{ kind: 'ticket', id: ticketId }} />
      {closing && (
        <CloseDialog
          ticketId={ticketId}
          writes={writes}
          send={(note) => supportCalls(profileId).closeTicket({ ticketId, ...(note.trim() && { note: note.trim() }) })}
          onClose={() => setClosing(false)}
        />
      )}
    </article>
  );
}

function MessageItem({ message }: { message: TicketMessage }) {
  const { t } = useTranslation();
  const from = message.from === 'visitor' || message.from === 'robot' || message.from === 'agent' ? t(`support.ticket.from.${message.from}`) : message.from;
  return (
    <li className={`si-message si-message-${message.from === 'robot' || message.from === 'agent' ? 'ours' : 'theirs'}`}>
      <div className="si-message-meta">
        <strong>{from}</strong>
        {message.author && <span className="si-server-text">{message.author}</span>}
        {message.createdAt && <Time value={message.createdAt} />}
      </div>
      <p className="si-message-text si-server-text">
        <AddressText text={message.text} />
      </p>
    </li>
  );
}

function CloseDialog({ ticketId, writes, send, onClose }: { ticketId: string; writes: SupportWrites; send(note: string): Promise<IpcResult<OutboxEntry>>; onClose(): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const action = t('support.ticket.confirmClose');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const entry = await writes.write(action, () => send(note));
    setBusy(false);
    if (entry) onClose();
  };
  return (
    <Dialog title={t('support.ticket.closeTitle', { id: ticketId })} onClose={onClose}>
      <form className="si-form" onSubmit={(event) => void submit(event)}>
        <Field label={t('support.ticket.closeNote')} name="note" refusal={writes.refusal}>
          <textarea value={note} rows={3} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <div className="si-form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('support.form.cancel')}
          </button>
          <button type="submit" className="button-danger" disabled={busy}>
            {action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
