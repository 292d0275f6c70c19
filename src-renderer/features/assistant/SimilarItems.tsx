import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { rememberTitle } from '../../navigation/tab-titles.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useSimilar } from './meaning-data.ts';
import './assistant.css';

/** "Similar alerts" / "Similar tickets": the cached items nearest in meaning, across signatures and connections. */
export function SimilarItems({ kind, profileId, id }: { kind: 'alert' | 'ticket'; profileId: string; id: string }) {
  const { t } = useTranslation();
  const similar = useSimilar(kind, profileId, id);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const hits = similar.data?.hits ?? [];
  return (
    <section className="similar-items" aria-label={t(`assistant.similar.${kind}.title`)}>
      <h3>{t(`assistant.similar.${kind}.title`)}</h3>
      {similar.error && <ErrorNotice error={similar.error} />}
      {similar.data && hits.length === 0 && <p className="muted">{t(`assistant.similar.${similar.data.state === 'found' ? 'none' : similar.data.state}`)}</p>}
      {hits.length > 0 && (
        <ul className="similar-list">
          {hits.map((hit) => (
            <li key={`${hit.profileId ?? ''}-${hit.id}`}>
              <button
                type="button"
                className="similar-hit"
                onClick={() => {
                  rememberTitle(hit.target, hit.title);
                  navigate(hit.target);
                }}
              >
                <bdi className="similar-title">{hit.title}</bdi>
                {hit.detail && <bdi className="similar-detail muted">{hit.detail}</bdi>}
                {hit.profileName && <span className="similar-profile">{hit.profileName}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
