import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { FollowUp, FollowUpKind, SupportScope } from '../../../../src-shared/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { Field } from '../lists/Field.tsx';
import { followUpKindList, followUpKindWords } from '../lists/status-words.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { AddressText } from '../../../ui/AddressText.tsx';

interface Props {
  follows: readonly FollowUp[];
  profileId: string;
  /** The scope adding a follow-up needs here (crm.write, work.write). */
  scope: SupportScope;
  writes: SupportWrites;
  send(kind: FollowUpKind, note: string): Promise<IpcResult<OutboxEntry>>;
}

/** A contact's or work item's follow-up timeline (phone, chat, note), newest first, and a form to add one. */
export function FollowUps({ follows, profileId, scope, writes, send }: Props) {
  const { t } = useTranslation();
  const lacksScope = useSupportAccess(profileId).allows(scope) === false;
  const [kind, setKind] = useState<FollowUpKind>('note');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const newestFirst = [...follows].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  const action = t('support.followUps.add');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const entry = await writes.write(action, () => send(kind, note));
    setBusy(false);
    if (entry) setNote('');
  };

  return (
    <section className="si-follow-ups" aria-label={t('support.followUps.title')}>
      <h3>{t('support.followUps.title')}</h3>
      <form className="si-follow-form" onSubmit={(event) => void submit(event)}>
        <Field label={t('support.followUps.kind')} name="kind" refusal={writes.refusal}>
          <select value={kind} disabled={lacksScope} onChange={(event) => setKind(event.target.value as FollowUpKind)}>
            {followUpKindList.map((value) => (
              <option key={value} value={value}>
                {followUpKindWords(value, t)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('support.followUps.note')} name="note" refusal={writes.refusal}>
          <textarea value={note} rows={2} maxLength={4000} disabled={lacksScope} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <ScopeGate profileId={profileId} scope={scope}>
          <button type="submit" className="button-primary" disabled={busy || note.trim() === ''}>
            {action}
          </button>
        </ScopeGate>
      </form>
      {newestFirst.length === 0 ? (
        <p className="muted">{t('support.followUps.none')}</p>
      ) : (
        <ol className="si-timeline">
          {newestFirst.map((follow) => (
            <li key={follow.id} className={`si-timeline-item si-kind-${follow.kind === 'phone' || follow.kind === 'chat' ? follow.kind : 'note'}`}>
              <div className="si-message-meta">
                <strong>{followUpKindWords(follow.kind, t)}</strong>
                {follow.author && <span className="si-server-text">{t('support.followUps.by', { author: follow.author })}</span>}
                {follow.createdAt && <Time value={follow.createdAt} />}
              </div>
              <p className="si-message-text si-server-text">
                <AddressText text={follow.note ?? ''} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
