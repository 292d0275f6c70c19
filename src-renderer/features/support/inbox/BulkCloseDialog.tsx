import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { useBatchWrites, useConfirmedWrite, useRetryWrite, WriteStateWords } from '../../outbox/index.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Field } from '../lists/Field.tsx';
import { inboxCalls } from './inbox-data.ts';

/** What the list knows of a checked ticket (a ticket checked by "select all" may not have been on screen). */
export interface KnownTicket {
  subject: string | null;
  status: string;
}

interface Props {
  profileId: string;
  ticketIds: readonly string[];
  known: ReadonlyMap<string, KnownTicket>;
  /** The key's rate a minute: the batch goes out within it. */
  ratePerMinute: number;
  onClose(): void;
  /** The batch is in the outbox: the checks have done their work. */
  onStarted(): void;
}

const PREVIEWED = 8;
/** A result line's height in pixels: one line of 13 px text and its padding. */
const RESULT_HEIGHT = 28;

/**
 * Closing many tickets: a preview of what will happen, one LIVE confirmation for the whole batch,
 * then each ticket's write as it goes (sent, waiting, failed with its reason) and Retry for the
 * failed ones. Closing the dialog leaves the batch going in the outbox.
 */
export function BulkCloseDialog({ profileId, ticketIds, known, ratePerMinute, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<IpcError | null>(null);
  const [batch, setBatch] = useState<readonly OutboxEntry[] | null>(null);
  const confirm = useConfirmedWrite(profileId);
  // A ticket the list shows as closed is left as it is.
  const toClose = ticketIds.filter((id) => known.get(id)?.status !== 'closed');
  const alreadyClosed = ticketIds.length - toClose.length;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (toClose.length === 0 || !(await confirm(t('support.inbox.bulk.confirmWords', { count: toClose.length })))) return;
    setBusy(true);
    const result = await inboxCalls.closeTickets(profileId, toClose, note);
    setBusy(false);
    if (!result.ok) return setRefusal(result.error);
    // Followed from main's changes; the entries as stored show until each first changes. Remembering
    // 500 entries one by one here would copy the outbox's record 500 times in one task.
    setBatch(result.data);
    onStarted();
  };

  return (
    <Dialog title={t('support.inbox.bulk.closeTitle', { count: toClose.length })} onClose={onClose} wide>
      {batch ? (
        <BatchProgress batch={batch} known={known} onClose={onClose} />
      ) : (
        <form className="si-form inbox-bulk" onSubmit={(event) => void start(event)}>
          <p>{t('support.inbox.bulk.preview', { count: toClose.length })}</p>
          <p className="muted">
            {toClose.length > ratePerMinute
              ? t('support.inbox.bulk.paceLong', { rate: ratePerMinute, minutes: Math.ceil(toClose.length / ratePerMinute) })
              : t('support.inbox.bulk.pace', { rate: ratePerMinute })}
          </p>
          {alreadyClosed > 0 && <p className="muted">{t('support.inbox.bulk.alreadyClosed', { count: alreadyClosed })}</p>}
          <ul className="inbox-bulk-preview" aria-label={t('support.inbox.bulk.previewList')}>
            {toClose.slice(0, PREVIEWED).map((id) => (
              <li key={id} className="si-server-text">
                {visibleText(known.get(id)?.subject ?? id)}
              </li>
            ))}
            {toClose.length > PREVIEWED && <li className="muted">{t('support.inbox.bulk.andMore', { count: toClose.length - PREVIEWED })}</li>}
          </ul>
          <Field label={t('support.inbox.bulk.note')} name="note" refusal={refusal}>
            <textarea value={note} rows={3} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
          </Field>
          {refusal && <ErrorNotice error={refusal} />}
          <div className="si-form-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('support.form.cancel')}
            </button>
            <button type="submit" className="button-danger" disabled={busy || toClose.length === 0}>
              {t('support.inbox.bulk.closeAction', { count: toClose.length })}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function BatchProgress({ batch, known, onClose }: { batch: readonly OutboxEntry[]; known: ReadonlyMap<string, KnownTicket>; onClose(): void }) {
  const { t } = useTranslation();
  const entries = useBatchWrites(batch);
  const retry = useRetryWrite();
  const confirm = useConfirmedWrite(batch[0]?.profileId);
  const count = (states: OutboxEntry['state'][]) => entries.filter((entry) => states.includes(entry.state)).length;
  const sent = count(['sent']);
  const failed = entries.filter((entry) => entry.state === 'failed');
  const waiting = count(['queued', 'sending']);
  const retryFailed = async () => {
    if (!(await confirm(t('support.inbox.bulk.confirmRetry', { count: failed.length })))) return;
    // Each failure shows on its own line and in the outbox.
    await Promise.allSettled(failed.map((entry) => retry.mutateAsync(entry.id)));
  };

  return (
    <div className="inbox-bulk">
      <progress className="inbox-bulk-progress" value={entries.length - waiting} max={entries.length} aria-label={t('support.inbox.bulk.progress')} />
      <p role="status" aria-label={t('support.inbox.bulk.progress')}>
        {t('support.inbox.bulk.tally', { sent, waiting, failed: failed.length, total: entries.length })}
      </p>
      {waiting > 0 && <p className="muted">{t('support.inbox.bulk.keepsGoing')}</p>}
      <BatchResults entries={entries} known={known} />
      <div className="si-form-actions">
        {failed.length > 0 && (
          <button type="button" className="button" onClick={() => void retryFailed()}>
            {t('support.inbox.bulk.retryFailed', { count: failed.length })}
          </button>
        )}
        <button type="button" className="button-primary" onClick={onClose}>
          {t('support.inbox.bulk.done')}
        </button>
      </div>
    </div>
  );
}

/** One line per ticket of the batch; only those in sight (and a few beyond) exist. */
function BatchResults({ entries, known }: { entries: readonly OutboxEntry[]; known: ReadonlyMap<string, KnownTicket> }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: entries.length, getScrollElement: () => scroller.current, estimateSize: () => RESULT_HEIGHT, overscan: 12 });
  return (
    <div ref={scroller} className="inbox-bulk-results" tabIndex={0}>
      <ol aria-label={t('support.inbox.bulk.results')} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index]!;
          const ticketId = entry.objectKey.replace(/^ticket:/, '');
          return <BatchResult key={entry.id} entry={entry} subject={known.get(ticketId)?.subject ?? ticketId} top={item.start} position={item.index + 1} of={entries.length} />;
        })}
      </ol>
    </div>
  );
}

/** A ticket's line, built again only when its write changes or it moves. */
const BatchResult = memo(function BatchResult({ entry, subject, top, position, of }: { entry: OutboxEntry; subject: string; top: number; position: number; of: number }) {
  return (
    <li className={`inbox-bulk-result write-state-${entry.state}`} data-write-state={entry.state} aria-posinset={position} aria-setsize={of} style={{ transform: `translateY(${top}px)`, height: RESULT_HEIGHT }}>
      <span className="si-server-text inbox-bulk-subject">{visibleText(subject)}</span>
      <span className="inbox-bulk-state">
        <WriteStateWords entry={entry} />
      </span>
    </li>
  );
});
