import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls, useCursorPages } from '../support-data.ts';
import { supportKeys } from '../../../data/query-keys.ts';
import type { Faq } from '../../../../src-shared/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { ScopeMissing } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import { CursorListFilter, CursorListView } from '../CursorListView.tsx';

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
  const list = useCursorPages<Faq>(
    supportKeys.remote(profileId, 'faq', applied, revision),
    (cursor) => supportCalls(profileId).faqList({ ...(applied && { q: applied }), ...(cursor !== undefined && { cursor }) }),
    readable !== false,
  );

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
          <CursorListFilter label={t('supportDesk.kb.faqFilter')} value={filter} onChange={setFilter} onApply={setApplied} />
          <CursorListView list={list} failedTitle={t('supportDesk.kb.faqFailed')} empty={applied ? t('supportDesk.kb.faqNoMatch') : t('supportDesk.kb.faqEmpty')}>
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
          </CursorListView>
        </>
      )}
    </section>
  );
}
