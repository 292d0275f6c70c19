import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { EmbeddingResult } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { embed } from './chat-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ModelSelect } from './ModelSelect.tsx';

/** Embed one or two texts: the vectors' dimensions and, for two, their cosine similarity. */
export function EmbeddingsPanel({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [model, setModel] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [result, setResult] = useState<EmbeddingResult | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const embedTexts = async () => {
    setBusy(true);
    const texts = [first, second].filter((text) => text.trim());
    const answer = await embed({ profileId: profile.id, model, texts });
    setBusy(false);
    setResult(answer.ok ? answer.data : null);
    setError(answer.ok ? null : answer.error);
  };

  return (
    <section className="chat-panel" aria-label={t('chat.embeddings.title')}>
      <h2>{t('chat.embeddings.title')}</h2>
      <div className="field-row">
        <ModelSelect profileId={profile.id} kind="embedding" label={t('chat.embeddings.model')} value={model} onChange={setModel} />
      </div>
      <div className="field-row">
        <textarea aria-label={t('chat.embeddings.first')} placeholder={t('chat.embeddings.first')} rows={2} value={first} onChange={(event) => setFirst(event.target.value)} />
        <textarea aria-label={t('chat.embeddings.second')} placeholder={t('chat.embeddings.second')} rows={2} value={second} onChange={(event) => setSecond(event.target.value)} />
      </div>
      <button type="button" className="button" disabled={!model || !first.trim() || busy} onClick={() => void embedTexts()}>
        {t('chat.embeddings.embed')}
      </button>
      {error && <ErrorNotice error={error} />}
      {result && (
        <p role="status">
          {t('chat.embeddings.dimensions', { count: result.count, dimensions: result.dimensions })}
          {result.similarity !== null && ` ${t('chat.embeddings.similarity', { value: result.similarity.toFixed(4) })}`}
        </p>
      )}
    </section>
  );
}
