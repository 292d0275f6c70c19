import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Faq } from '../../../../src-preload/contract/support.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { ScopeMissing } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { useCursorList } from '../use-cursor-list.ts';

interface Props {
  profileId: string;
  /** Changes when an entry was added, to read the list again. */
  revision: number;
  /** The section's "Add an entry" control. */
  actions: ReactNode;
}

/** The site's FAQ, as the server pages it, with a filter. */
export function FaqList({ profileId, revision, actions }: Props) {
  const { t } = useTranslation();
  const readable = useSupportAccess(profileId).allows('kb.read');
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const list = useCursorList<Faq>(readable === false ? null : `${profileId}|${applied}|${revision}`, (cursor) =>
    opsdesk.support.faqList({ profileId, ...(applied && { q: applied }), ...(cursor !== undefined && { cursor }) }),
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filter.trim());
  };

  return (
    <section className="card" aria-label={t('supportDesk.kb.faqRegion')}>
      <div className="section-header">
        <h2>{t('supportDesk.kb.faqRegion')}</h2>
        {actions}
      </div>
      {readable === false ? (
        <ScopeMissing scope="kb.read" />
      ) : (
        <>
          <form className="support-form-row" onSubmit={apply}>
            <label className="field support-grow">
              <span className="field-label">{t('supportDesk.kb.faqFilter')}</span>
              <input type="search" value={filter} maxLength={200} onChange={(event) => setFilter(event.target.value)} />
            </label>
            <button type="submit" className="button">
              {t('supportDesk.kb.applyFilter')}
            </button>
          </form>
          {list.status === 'failed' && list.error && <ErrorNotice error={list.error} title={t('supportDesk.kb.faqFailed')} />}
          {list.status === 'loading' && list.items.length === 0 && <p className="muted">{t('supportDesk.common.loading')}</p>}
          {list.status === 'ready' && list.items.length === 0 && <p className="muted">{applied ? t('supportDesk.kb.faqNoMatch') : t('supportDesk.kb.faqEmpty')}</p>}
          <ul className="support-faq">
            {list.items.map((faq) => (
              <li key={faq.id}>
                <details>
                  <summary>
                    <span>{faq.question ?? faq.id}</span>
                    <span className="muted support-id">{faq.id}</span>
                  </summary>
                  {faq.answer !== null && <p className="support-answer">{faq.answer}</p>}
                  <p className="support-meta">
                    {faq.tags.map((tag) => (
                      <span key={tag} className="support-tag">
                        {tag}
                      </span>
                    ))}
                    {faq.updatedAt !== null && (
                      <span className="muted">
                        {t('supportDesk.common.updated')} <Time value={faq.updatedAt} />
                      </span>
                    )}
                  </p>
                </details>
              </li>
            ))}
          </ul>
          {list.hasMore && (
            <button type="button" className="button" disabled={list.status === 'loading'} onClick={list.loadMore}>
              {t('supportDesk.common.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
