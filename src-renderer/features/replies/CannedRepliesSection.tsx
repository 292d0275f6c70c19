import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReply } from '../../../src-shared/contract/replies.ts';
import { cannedReplyVariables } from '../../../src-shared/canned-replies.ts';
import { profilesOf, useProfiles } from '../connections/index.ts';
import { useFieldErrorText } from '../../language/use-error-text.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useCannedReplies, useCannedReplyWrites } from './replies-data.ts';
import './canned-replies.css';

interface Draft {
  id?: string;
  profileId: string | null;
  shortcut: string;
  body: string;
}

/** Settings → canned replies: the analyst's own texts, typed after `/` in a reply box, for every support connection or one. */
export function CannedRepliesSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const replies = useCannedReplies(null);
  const { remove } = useCannedReplyWrites();
  const supportProfiles = profilesOf(useProfiles(), 'support');
  const [editing, setEditing] = useState<Draft | null>(null);
  const profileName = (profileId: string | null) =>
    profileId === null ? t('settings.canned.everyConnection') : (supportProfiles.find((profile) => profile.id === profileId)?.name ?? profileId);

  return (
    <section className="card canned-replies" aria-labelledby={headingId} data-settings-section="cannedReplies">
      <h2 id={headingId} tabIndex={-1}>{t('settings.canned.region')}</h2>
      <p className="muted">{t('settings.canned.intro')}</p>
      {replies.data && replies.data.length === 0 && <p className="muted">{t('settings.canned.none')}</p>}
      {replies.data && replies.data.length > 0 && (
        <ul className="canned-list" aria-label={t('settings.canned.list')}>
          {replies.data.map((reply) => (
            <li key={reply.id} className="canned-item">
              <div className="canned-item-head">
                <strong className="canned-shortcut">/{reply.shortcut}</strong>
                <span className="support-tag">{profileName(reply.profileId)}</span>
                <span className="canned-item-actions">
                  <button type="button" className="button" aria-label={t('settings.canned.editOne', { shortcut: reply.shortcut })} onClick={() => setEditing(reply)}>
                    {t('settings.canned.edit')}
                  </button>
                  <button type="button" className="button-danger" aria-label={t('settings.canned.removeOne', { shortcut: reply.shortcut })} disabled={remove.isPending} onClick={() => remove.mutate(reply.id)}>
                    {t('settings.canned.remove')}
                  </button>
                </span>
              </div>
              <p className="canned-body">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}
      {(replies.error ?? remove.error) && <ErrorNotice error={(replies.error ?? remove.error)!} />}
      {editing ? (
        <CannedReplyForm key={editing.id ?? 'new'} draft={editing} profiles={supportProfiles.map(({ id, name }) => ({ id, name }))} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="button-primary" onClick={() => setEditing({ profileId: null, shortcut: '', body: '' })}>
          {t('settings.canned.add')}
        </button>
      )}
    </section>
  );
}

function CannedReplyForm({ draft, profiles, onDone }: { draft: Draft | CannedReply; profiles: { id: string; name: string }[]; onDone(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const wordField = useFieldErrorText();
  const { save } = useCannedReplyWrites();
  const [form, setForm] = useState<Draft>({ ...(draft.id !== undefined && { id: draft.id }), profileId: draft.profileId, shortcut: draft.shortcut, body: draft.body });
  const body = useRef<HTMLTextAreaElement>(null);
  const problem = (field: string) => {
    const found = save.error?.fieldErrors?.find((error) => error.path === field);
    return found && wordField(found);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: onDone });
  };
  /** Puts a variable where the caret is in the text. */
  const addVariable = (name: string) => {
    const element = body.current;
    const at = element?.selectionStart ?? form.body.length;
    const insert = `{{${name}}}`;
    setForm({ ...form, body: form.body.slice(0, at) + insert + form.body.slice(element?.selectionEnd ?? at) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + insert.length, at + insert.length);
    });
  };
  const shortcutProblem = problem('shortcut');
  const bodyProblem = problem('body');
  return (
    <form className="canned-form" aria-label={form.id ? t('settings.canned.editTitle') : t('settings.canned.addTitle')} onSubmit={submit}>
      <div className="field-row">
        <div className={shortcutProblem ? 'field field-invalid' : 'field'}>
          <label className="field-label" htmlFor={`${id}-shortcut`}>
            {t('settings.canned.shortcut')}
          </label>
          <input id={`${id}-shortcut`} value={form.shortcut} required maxLength={32} aria-invalid={!!shortcutProblem} aria-describedby={`${id}-shortcut-note`} onChange={(event) => setForm({ ...form, shortcut: event.target.value })} />
          <span id={`${id}-shortcut-note`} className={shortcutProblem ? 'field-error' : 'field-help'}>
            {shortcutProblem ?? t('settings.canned.shortcutHelp')}
          </span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-profile`}>
            {t('settings.canned.connection')}
          </label>
          <select id={`${id}-profile`} value={form.profileId ?? ''} onChange={(event) => setForm({ ...form, profileId: event.target.value === '' ? null : event.target.value })}>
            <option value="">{t('settings.canned.everyConnection')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={bodyProblem ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={`${id}-body`}>
          {t('settings.canned.text')}
        </label>
        <textarea ref={body} id={`${id}-body`} rows={5} value={form.body} required maxLength={10_000} aria-invalid={!!bodyProblem} aria-describedby={`${id}-body-note`} onChange={(event) => setForm({ ...form, body: event.target.value })} />
        <span id={`${id}-body-note`} className={bodyProblem ? 'field-error' : 'field-help'}>
          {bodyProblem ?? t('settings.canned.textHelp')}
        </span>
      </div>
      <div className="canned-variables" role="group" aria-label={t('settings.canned.variables')}>
        <span className="muted">{t('settings.canned.variables')}</span>
        {cannedReplyVariables.map((name) => (
          <button key={name} type="button" className="chip" title={t(`settings.canned.variable.${name.replace('.', '_')}`)} onClick={() => addVariable(name)}>
            {`{{${name}}}`}
          </button>
        ))}
      </div>
      {save.error && !save.error.fieldErrors?.length && <ErrorNotice error={save.error} />}
      <div className="si-form-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('settings.canned.cancel')}
        </button>
        <button type="submit" className="button-primary" disabled={save.isPending || form.shortcut.trim() === '' || form.body.trim() === ''}>
          {t('settings.canned.save')}
        </button>
      </div>
    </form>
  );
}
