import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { KbSearchResult } from '../../../../src-shared/contract/support.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { excerptText } from './excerpt.ts';

const defaultTopK = 5;

type SearchState = { status: 'idle' } | { status: 'searching'; result?: KbSearchResult } | { status: 'done'; result: KbSearchResult } | { status: 'failed'; error: IpcError };

/** Search with `q` and `top_k`; each hit with its score, as the server ranked them. */
export function KbSearch({ profileId }: { profileId: string }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [topK, setTopK] = useState(defaultTopK);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef(0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q === '') return;
    const request = ++latest.current;
    setState((previous) => ({ status: 'searching', ...('result' in previous && previous.result && { result: previous.result }) }));
    void supportCalls(profileId).kbSearch({ q, topK }).then((result) => {
      if (latest.current === request) setState(result.ok ? { status: 'done', result: result.data } : { status: 'failed', error: result.error });
    });
  };

  const result = 'result' in state ? state.result : undefined;
  const best = Math.max(0, ...(result?.items.map((item) => item.score ?? 0) ?? []));
  const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <section className="card" aria-label={t('supportDesk.kb.searchRegion')}>
      <h2>{t('supportDesk.kb.searchRegion')}</h2>
      <form className="support-form-row" onSubmit={search}>
        <label className="field support-grow">
          <span className="field-label">{t('supportDesk.kb.query')}</span>
          <input type="search" value={query} maxLength={500} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <label className="field support-narrow">
          <span className="field-label">{t('supportDesk.kb.topK')}</span>
          <input type="number" min={1} max={50} value={topK} onChange={(event) => setTopK(Math.min(50, Math.max(1, Number(event.target.value) || defaultTopK)))} />
        </label>
        <ScopeGate profileId={profileId} scope="kb.read">
          <button type="submit" className="button-primary" disabled={query.trim() === '' || state.status === 'searching'}>
            {t('supportDesk.kb.search')}
          </button>
        </ScopeGate>
      </form>
      {state.status === 'failed' && <ErrorNotice error={state.error} title={t('supportDesk.kb.searchFailed')} />}
      {state.status === 'searching' && <p className="muted">{t('supportDesk.kb.searching')}</p>}
      {result && (
        <div role="status" aria-label={t('supportDesk.kb.resultsLabel')}>
          <p className="muted">{t('supportDesk.kb.resultCount', { count: result.items.length, query: result.query })}</p>
          {result.items.length > 0 && (
            <ol className="support-hits">
              {result.items.map((hit, index) => (
                <li key={`${hit.id}-${index}`} className="support-hit">
                  <div className="support-hit-head">
                    <strong>{hit.title ?? hit.id}</strong>
                    {hit.source !== null && <span className="support-tag">{hit.source}</span>}
                    <span className="support-score">
                      {hit.score === null ? (
                        t('supportDesk.kb.noScore')
                      ) : (
                        <>
                          {t('supportDesk.kb.score', { score: score.format(hit.score) })}
                          {best > 0 && <meter min={0} max={best} value={hit.score} aria-hidden="true" />}
                        </>
                      )}
                    </span>
                  </div>
                  {hit.snippet !== null && <p className="support-snippet">{excerptText(hit.snippet, i18n.language)}</p>}
                  <span className="muted support-id">{hit.id}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
