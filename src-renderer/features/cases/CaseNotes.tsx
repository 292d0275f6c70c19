import { useContext, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseNote } from '../../../src-shared/contract/cases.ts';
import { useCaseNotes, useCaseWrites } from './cases-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { CaseMarkdown } from './case-markdown.tsx';

/**
 * The analyst's notes on the case (or on one event, `eventId`): written here, kept in main, each an
 * event of the timeline. Their Markdown is shown as the chat shows answers.
 */
export function CaseNotes({ caseId, eventId = null, compact = false }: { caseId: string; eventId?: string | null; compact?: boolean }) {
  const { t } = useTranslation();
  const notes = useCaseNotes(caseId, eventId);
  const { addNote } = useCaseWrites();
  const [body, setBody] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = await addNote.mutateAsync({ caseId, body, ...(eventId !== null && { eventId }) }).catch(() => null);
    if (made) setBody('');
  };
  const label = eventId === null ? t('cases.notes.add') : t('cases.timeline.detail.addNote');
  const shown = notes.data ?? [];
  return (
    <section className={compact ? 'case-notes case-notes-compact' : 'case-notes'} aria-label={eventId === null ? t('cases.notes.region') : t('cases.timeline.detail.notes')}>
      {!compact && <h2 className="case-side-title">{t('cases.notes.region')}</h2>}
      <form className="case-note-form" onSubmit={(event) => void submit(event)}>
        <textarea aria-label={label} placeholder={t('cases.notes.placeholder')} rows={compact ? 2 : 3} maxLength={20_000} value={body} onChange={(event) => setBody(event.target.value)} />
        <button type="submit" className="button" disabled={addNote.isPending || body.trim() === ''}>
          {t('cases.notes.submit')}
        </button>
      </form>
      {addNote.error && <ErrorNotice error={addNote.error} title={t('cases.notes.failed')} />}
      {shown.length > 0 && (
        <ol className="case-note-list">
          {[...shown].reverse().map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ol>
      )}
    </section>
  );
}

function NoteItem({ note }: { note: CaseNote }) {
  const { t } = useTranslation();
  const { updateNote, deleteNote } = useCaseWrites();
  const markdown = useContext(CaseMarkdown);
  const [editing, setEditing] = useState<string | null>(null);
  if (editing !== null) {
    return (
      <li className="case-note">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim() !== '') updateNote.mutate({ noteId: note.id, body: editing });
            setEditing(null);
          }}
        >
          <textarea aria-label={t('cases.notes.edit')} rows={3} value={editing} onChange={(event) => setEditing(event.target.value)} />
          <div className="case-note-actions">
            <button type="submit" className="button">
              {t('cases.notes.save')}
            </button>
            <button type="button" className="link-button" onClick={() => setEditing(null)}>
              {t('cases.notes.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="case-note">
      <div className="case-note-meta">
        <Time value={note.createdAt} compact /> <span>{note.author ?? ''}</span>
        <span className="case-note-actions">
          <button type="button" className="link-button" onClick={() => setEditing(note.body)}>
            {t('cases.notes.edit')}
          </button>
          <button type="button" className="link-button" onClick={() => deleteNote.mutate({ noteId: note.id })}>
            {t('cases.notes.delete')}
          </button>
        </span>
      </div>
      <div className="case-note-body">{markdown(note.body)}</div>
    </li>
  );
}
