import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { ReplyDraftStarted } from '../../../../src-shared/contract/drafting.ts';
import { citationsIn, withoutCitations } from '../../../../src-shared/draft-citations.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { DraftNotice, DraftRefused, ModelAtWorkMissing } from './DraftNotice.tsx';
import { draftingCalls } from './drafting-data.ts';
import { useDraftStream, useModelAtWork, type DraftStream } from '../../assistant/index.ts';

export interface ReplyDraft {
  stream: DraftStream;
  started: ReplyDraftStarted | null;
  refusal: IpcError | null;
  /** Asks for a draft (again, for Regenerate): the knowledge base is searched anew. */
  draft(): void;
  /** What the reply box shows, which is what is sent: the draft without its citation markers while it arrives, then the analyst's text. */
  text: string;
  setText(text: string): void;
  /** The draft is still arriving: nothing may be sent or typed. */
  locked: boolean;
  /** The reply went: the box empties and the draft it came from (its bar, citations and entries) goes with it. */
  sent(): void;
}

/** The reply box's text and the draft streaming into it. */
export function useReplyDraft(profileId: string, ticketId: string): ReplyDraft {
  const stream = useDraftStream();
  const [started, setStarted] = useState<ReplyDraftStarted | null>(null);
  const [refusal, setRefusal] = useState<IpcError | null>(null);
  const [typed, setTyped] = useState<{ text: string; afterDraft: unknown }>({ text: '', afterDraft: null });
  const { draft } = stream;
  // Once the draft ended, the box holds it until the analyst edits it.
  const text = draft.state === 'streaming' || (draft.state === 'ended' && typed.afterDraft !== draft) ? withoutCitations(draft.text) : typed.text;
  return {
    stream,
    started,
    refusal,
    draft() {
      setRefusal(null);
      // The entries of the last draft go: a new search finds this one's.
      setStarted(null);
      void stream.start((taskId) => draftingCalls().draftReply({ profileId, ticketId, taskId })).then((answer) => {
        if (answer.ok) setStarted(answer.data);
        else setRefusal(answer.error);
      });
    },
    text,
    setText: (next) => setTyped({ text: next, afterDraft: draft }),
    locked: draft.state === 'streaming',
    sent() {
      stream.clear();
      setStarted(null);
      setRefusal(null);
      setTyped({ text: '', afterDraft: null });
    },
  };
}

/** Draft reply / Regenerate / Stop, how the draft ended, and the entries it cites as links to them (`DraftEntries`). */
export function ReplyDraftPanel({ profileId, reply }: { profileId: string; reply: ReplyDraft }) {
  const { t } = useTranslation();
  const { draft } = reply.stream;
  const atWork = useModelAtWork();
  const unset = atWork.data === null;
  const hits = reply.started?.hits ?? [];
  const shownText = draft.state === 'idle' ? '' : draft.text;
  const { cited, unknown } = citationsIn(shownText, hits.length);
  const jumpTo = (number: number) => (event: MouseEvent) => {
    event.preventDefault();
    const target = document.getElementById(`draft-entry-${number}`);
    target?.scrollIntoView({ block: 'nearest' });
    target?.focus();
  };
  return (
    <section className="si-draft" aria-label={t('drafting.reply.region')}>
      <div className="si-draft-bar">
        <ScopeGate profileId={profileId} scope="kb.read">
          {draft.state === 'streaming' ? (
            <button type="button" className="button" onClick={reply.stream.stop}>
              {t('drafting.stop')}
            </button>
          ) : (
            <button type="button" className="button" disabled={unset} onClick={reply.draft}>
              {reply.started ? t('drafting.reply.regenerate') : t('drafting.reply.draft')}
            </button>
          )}
        </ScopeGate>
        {reply.started && (
          <span className="muted">
            {t('drafting.reply.by', { model: reply.started.model })} · {reply.started.language ? t(`drafting.language.${reply.started.language}`) : t('drafting.language.visitors')}
          </span>
        )}
        {draft.state === 'streaming' && (
          <span className="muted" role="status">
            {reply.started ? t('drafting.writing') : t('drafting.reply.searching')}
          </span>
        )}
      </div>
      {unset && <ModelAtWorkMissing />}
      {reply.refusal && <DraftRefused error={reply.refusal} />}
      <DraftNotice draft={draft} />
      {reply.started && (
        <>
          {cited.length > 0 && (
            <p className="si-draft-cited">
              {t('drafting.reply.cites')}{' '}
              {cited.map((number) => (
                <a key={number} href={`#draft-entry-${number}`} className="si-draft-citation" onClick={jumpTo(number)}>
                  [{number}] {hits[number - 1]!.title ?? hits[number - 1]!.id}
                </a>
              ))}
            </p>
          )}
          {unknown.length > 0 && (
            <p className="notice notice-warning" role="note">
              {t('drafting.reply.unknownCitations', { numbers: unknown.map((number) => `[${number}]`).join(', '), count: hits.length })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The knowledge-base entries the draft was given, numbered as it cites them; the cited ones marked. */
export function DraftEntries({ reply }: { reply: ReplyDraft }) {
  const { t } = useTranslation();
  if (!reply.started) return null;
  const hits = reply.started.hits;
  const { draft } = reply.stream;
  const { cited } = citationsIn(draft.state === 'idle' ? '' : draft.text, hits.length);
  return (
    <details className="si-draft-entries" open>
      <summary>{t('drafting.reply.entries', { count: hits.length })}</summary>
      {hits.length === 0 ? (
        <p className="muted">{t('drafting.reply.noEntries')}</p>
      ) : (
        <ol aria-label={t('drafting.reply.entriesLabel')}>
          {hits.map((hit, index) => (
            <li key={`${hit.id}-${index}`} id={`draft-entry-${index + 1}`} tabIndex={-1} className={cited.includes(index + 1) ? 'si-draft-entry si-draft-entry-cited' : 'si-draft-entry'}>
              <div className="si-draft-entry-head">
                <strong>
                  [{index + 1}] <span className="si-server-text">{hit.title ?? hit.id}</span>
                </strong>
                {hit.source && <span className="support-tag">{hit.source}</span>}
                {hit.matched && hit.matched !== 'words' && <span className="support-tag">{t('drafting.reply.foundByMeaning')}</span>}
                {cited.includes(index + 1) && <span className="si-draft-cited-tag">{t('drafting.reply.cited')}</span>}
              </div>
              {hit.snippet && <p className="si-server-text si-draft-snippet">{hit.snippet}</p>}
              <span className="muted support-id">{hit.id}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
