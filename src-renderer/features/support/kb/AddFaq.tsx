import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { useConfirmedWrite } from '../../outbox/index.ts';
import { useDiscardWrite, useOutboxEntry } from '../../outbox/index.ts';
import { WriteState } from '../../outbox/index.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { Field } from '../lists/Field.tsx';

interface Draft {
  id: string;
  question: string;
  answer: string;
  tags: string;
}

const emptyDraft: Draft = { id: '', question: '', answer: '', tags: '' };

/** "Add an entry": the button, and the form it opens. */
export function AddFaq({ profileId, onAdded }: { profileId: string; onAdded(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScopeGate profileId={profileId} scope="kb.write">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('supportDesk.kb.add')}
        </button>
      </ScopeGate>
      {open && (
        <AddFaqDialog
          profileId={profileId}
          onClose={() => setOpen(false)}
          onAdded={() => {
            setOpen(false);
            onAdded();
          }}
        />
      )}
    </>
  );
}

function AddFaqDialog({ profileId, onClose, onAdded }: { profileId: string; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation();
  const confirmWrite = useConfirmedWrite(profileId);
  const discard = useDiscardWrite();
  const [draft, setDraft] = useState(emptyDraft);
  const [refused, setRefused] = useState<IpcError | null>(null);
  const [submitted, setSubmitted] = useState<OutboxEntry | null>(null);
  const entry = useOutboxEntry(submitted?.id, submitted ?? undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (entry?.state === 'sent') onAdded();
  }, [entry?.state, onAdded]);

  const submit = async (next: Draft) => {
    const question = next.question.trim();
    if (!(await confirmWrite(t('outbox.actions.addFaq', { question })))) return;
    setBusy(true);
    setRefused(null);
    const tags = next.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
    const result = await supportCalls(profileId).addFaq({ question, answer: next.answer.trim(), ...(next.id.trim() && { id: next.id.trim() }), ...(tags.length > 0 && { tags }) });
    setBusy(false);
    if (result.ok) setSubmitted(result.data);
    else setRefused(result.error);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(draft);
  };
  // The server refused the id as taken: the failed write is dropped from the outbox, and the same entry goes again under the free id.
  const retryWithId = async (failed: OutboxEntry, suggestedId: string) => {
    // A discard main refused leaves the failed write in the outbox, where it shows; the entry goes again either way.
    await discard.mutateAsync(failed.id).catch(() => null);
    const next = { ...draft, id: suggestedId };
    setDraft(next);
    setSubmitted(null);
    await submit(next);
  };

  const conflict = entry?.state === 'failed' && entry.error?.code === 'conflict' ? entry : null;
  const suggestedId = conflict?.error?.params?.suggestedId;
  const pending = entry !== null && entry.state !== 'failed' && entry.state !== 'discarded';
  // Cancelled after the server refused the id: the refused write goes with the dialog, not left failed in the outbox.
  const cancel = () => {
    if (conflict) discard.mutate(conflict.id);
    onClose();
  };

  return (
    <Dialog title={t('supportDesk.kb.addTitle')} onClose={cancel} wide>
      <form className="profile-form" onSubmit={onSubmit}>
        <Field label={t('supportDesk.kb.faqId')} name="id" refusal={refused} help={t('supportDesk.kb.faqIdHelp')}>
          <input value={draft.id} maxLength={64} onChange={(event) => setDraft({ ...draft, id: event.target.value })} />
        </Field>
        <Field label={t('supportDesk.kb.question')} name="question" refusal={refused}>
          <input value={draft.question} maxLength={500} required onChange={(event) => setDraft({ ...draft, question: event.target.value })} />
        </Field>
        <Field label={t('supportDesk.kb.answer')} name="answer" refusal={refused}>
          <textarea rows={5} value={draft.answer} maxLength={10_000} required onChange={(event) => setDraft({ ...draft, answer: event.target.value })} />
        </Field>
        <Field label={t('supportDesk.kb.tags')} name="tags" refusal={refused} help={t('supportDesk.kb.tagsHelp')}>
          <input value={draft.tags} onChange={(event) => setDraft({ ...draft, tags: event.target.value })} />
        </Field>
        {refused && !refused.fieldErrors?.length && <ErrorNotice error={refused} title={t('supportDesk.kb.addFailed')} />}
        {conflict ? (
          <div className="notice notice-warning" role="alert">
            <strong>{t('supportDesk.kb.idTaken', { id: draft.id.trim() })}</strong>
            {typeof suggestedId === 'string' ? (
              <p>
                <button type="button" className="button" onClick={() => void retryWithId(conflict, suggestedId)}>
                  {t('supportDesk.kb.useSuggested', { id: suggestedId })}
                </button>
              </p>
            ) : (
              <p>{t('supportDesk.kb.pickAnotherId')}</p>
            )}
          </div>
        ) : (
          entry && <WriteState entry={entry} />
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={cancel}>
            {t('supportDesk.common.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy || pending || draft.question.trim() === '' || draft.answer.trim() === ''}>
            {t('supportDesk.kb.addSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
