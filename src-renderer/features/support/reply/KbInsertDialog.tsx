import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { supportCalls } from '../support-data.ts';

interface Found {
  key: string;
  source: 'faq' | 'article';
  title: string;
  /** What goes into the reply: a FAQ entry's answer, an article's snippet. */
  text: string;
}

/** Searches the knowledge base and the FAQ (as the Knowledge base section does) and puts the chosen answer into the reply. */
export function KbInsertDialog({ profileId, initialQuery, onInsert, onClose }: { profileId: string; initialQuery: string; onInsert(text: string): void; onClose(): void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery.slice(0, 200));
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q === '') return;
    setBusy(true);
    const calls = supportCalls(profileId);
    const [faq, kb] = await Promise.all([calls.faqList({ q, limit: 5 }), calls.kbSearch({ q, topK: 6 })]);
    setBusy(false);
    if (!faq.ok && !kb.ok) {
      setError(faq.error);
      setFound(null);
      return;
    }
    setError(null);
    const entries: Found[] = faq.ok ? faq.data.items.flatMap((entry) => (entry.answer ? [{ key: `faq:${entry.id}`, source: 'faq' as const, title: entry.question ?? entry.id, text: entry.answer }] : [])) : [];
    const faqIds = new Set(entries.map((entry) => entry.key));
    const hits: Found[] = kb.ok
      ? kb.data.items.flatMap((hit) => (hit.snippet && !faqIds.has(`faq:${hit.id}`) ? [{ key: `kb:${hit.id}`, source: hit.source === 'faq' ? ('faq' as const) : ('article' as const), title: hit.title ?? hit.id, text: hit.snippet }] : []))
      : [];
    setFound([...entries, ...hits]);
  };

  return (
    <Dialog title={t('support.reply.fromKbTitle')} onClose={onClose} wide>
      <form className="si-kb-insert" onSubmit={(event) => void search(event)}>
        <div className="si-kb-insert-search">
          <input type="search" className="si-search" aria-label={t('support.reply.kbQuery')} value={query} maxLength={200} onChange={(event) => setQuery(event.target.value)} />
          <button type="submit" className="button-primary" disabled={busy || query.trim() === ''}>
            {t('support.reply.kbSearch')}
          </button>
        </div>
        {error && <ErrorNotice error={error} />}
        {found !== null && (
          <ol className="si-kb-insert-results" aria-label={t('support.reply.kbResults')} aria-busy={busy}>
            {found.length === 0 && <li className="muted">{t('support.reply.kbNothing', { query: query.trim() })}</li>}
            {found.map((entry) => (
              <li key={entry.key} className="si-kb-insert-result">
                <div className="si-kb-insert-head">
                  <span className="support-tag">{t(`support.reply.kbSource.${entry.source}`)}</span>
                  <strong className="si-server-text">{entry.title}</strong>
                </div>
                <p className="si-server-text si-kb-insert-text">{entry.text}</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    onInsert(entry.text);
                    onClose();
                  }}
                >
                  {t('support.reply.kbInsert')}
                </button>
              </li>
            ))}
          </ol>
        )}
      </form>
    </Dialog>
  );
}
